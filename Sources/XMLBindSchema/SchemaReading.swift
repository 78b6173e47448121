/// Reading XML Schema, DTDs, WSDL and sample documents, and writing Swift models from them:
/// the library behind `xmlbind generate`.
///
/// The module is being built (issue 31); this namespace is where its readers and the code
/// generator are gathered.
public enum SchemaReading {}
