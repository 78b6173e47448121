"""The generator's validating reference: xmlschema (PyPI) on the same schema and instances.

    xmlschema_peer.py validate SCHEMA INSTANCE   -> "valid", or "invalid" and one reason a line
    xmlschema_peer.py compare SCHEMA FIRST SECOND -> "same" when both decode to the same values
                                                    (namespace prefixes and declarations aside)
"""
import json
import sys

import xmlschema


def decoded(schema, path):
    return schema.to_dict(path, strip_namespaces=True, validation="strict")


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
