"""Validates XML documents against generated XML Schemas with lxml (libxml2's validator).

    validate.py SCHEMA_FILE... -- DOCUMENT...

The first schema is the main one; the others are imported by namespace (an import that
names its schemaLocation keeps it: a linked set needs only its first file). Prints one JSON
line: for each document, "valid" or the validator's messages."""
import json
import sys

from lxml import etree


def main():
    split = sys.argv.index("--")
    schema_files, documents = sys.argv[1:split], sys.argv[split + 1:]
    trees = [etree.parse(path) for path in schema_files]
    by_namespace = {tree.getroot().get("targetNamespace"): path for tree, path in zip(trees, schema_files)}
    main_tree = trees[0]
    for imported in main_tree.getroot().findall("{http://www.w3.org/2001/XMLSchema}import"):
        location = by_namespace.get(imported.get("namespace"))
        if location and not imported.get("schemaLocation"):
            imported.set("schemaLocation", location)
    schema = etree.XMLSchema(main_tree)
    results = []
    for path in documents:
        document = etree.parse(path)
        results.append("valid" if schema.validate(document) else [str(e.message) for e in schema.error_log])
    print(json.dumps(results), flush=True)


if __name__ == "__main__":
    sys.exit(main())
