"""The generator's validating reference: xmlschema (PyPI) on the same schema and instances.

    xmlschema_peer.py validate SCHEMA INSTANCE   -> "valid", or "invalid" and one reason a line
    xmlschema_peer.py compare SCHEMA FIRST SECOND -> "same" when both decode to the same values
                                                    (namespace prefixes and declarations aside,
                                                    also in xsi:type values)
"""
import json
import sys
import xml.etree.ElementTree as ElementTree

import xmlschema


def decoded(schema, path):
    # xsi:type values are qualified names: written with the document's own prefixes, compared
    # by the namespace those prefixes stand for.
    prefixes = {prefix: uri for _, (prefix, uri) in ElementTree.iterparse(path, events=["start-ns"])}
    return resolved(schema.to_dict(path, strip_namespaces=True, validation="strict"), prefixes)


def resolved(value, prefixes):
    if isinstance(value, list):
        return [resolved(item, prefixes) for item in value]
    if not isinstance(value, dict):
        return value
    result = {}
    for key, item in value.items():
        if key == "@type" and isinstance(item, str):
            prefix, _, local = item.rpartition(":")
            item = "{%s}%s" % (prefixes.get(prefix, prefix), local)
        result[key] = resolved(item, prefixes)
    return result


def main():
    mode, schema_path = sys.argv[1], sys.argv[2]
    schema = xmlschema.XMLSchema(schema_path)
    if mode == "validate":
        errors = list(schema.iter_errors(sys.argv[3]))
        print("valid" if not errors else "invalid")
        for error in errors:
            print(error.reason)
    else:
        first, second = decoded(schema, sys.argv[3]), decoded(schema, sys.argv[4])
        print("same" if first == second else "differs")
        if first != second:
            print(json.dumps(first, default=str, sort_keys=True))
            print(json.dumps(second, default=str, sort_keys=True))


if __name__ == "__main__":
    main()
