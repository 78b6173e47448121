/// The `beans` document of `gen_workloads.py` (`gen_beans`), ported call for call.
///
/// Every draw from the generator happens in the order the Python script makes it (a
/// Python `%` tuple evaluates left to right, so e.g. a define's namespace is drawn after
/// its value), so the bytes are identical to the script's for the same target size.
struct BeansWorkloadGenerator {
    private static let packages = [
        "com.example.app.service", "com.example.app.repository", "com.example.app.web",
        "org.acme.billing.core", "org.acme.integration.jms", "net.corp.platform.cache",
        "io.sample.security.auth", "com.example.app.config.support",
    ]
    private static let classes = [
        "OrderService", "UserRepository", "InvoiceController", "PaymentGateway",
        "CacheManager", "TransactionTemplate", "MessageListenerContainer",
        "AuthenticationProvider", "DataSourceFactoryBean", "SchedulerFactory",
        "RetryTemplate", "ConnectionPool", "AuditEventPublisher", "TemplateResolver",
    ]
    private static let props = [
        "timeout", "maxPoolSize", "minIdle", "enabled", "url", "username", "password",
        "cacheName", "retryCount", "backoffMillis", "queueName", "concurrency",
        "validationQuery", "autoCommit", "isolationLevel", "prefix", "suffix",
        "encoding", "locale", "batchSize", "fetchSize", "readOnly",
    ]
    private static let refProps = [
        "dataSource", "transactionManager", "entityManagerFactory", "messageConverter",
        "objectMapper", "taskExecutor", "meterRegistry", "clock",
    ]
    private static let namespaceNames = ["app.db", "app.http", "app.cache", "app.jobs", "app.security", "app.mail"]
    private static let defineKeys = [
        "poolSize", "port", "ttlSeconds", "maxRetries", "threads", "bufferKb", "enabled", "hostName", "ratio",
    ]
    private static let texts = [
        "SELECT o.id, o.total FROM orders o WHERE o.status = 'OPEN' AND o.total &gt; 100",
        "classpath:/templates/mail/welcome.html",
        "Fallback message used when the upstream service is unavailable &amp; retries are exhausted.",
        #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#,
        "jdbc:postgresql://db.internal.example.com:5432/orders?ssl=true&amp;sslmode=verify-full",
    ]
    private static let scopes = ["singleton", "singleton", "singleton", "prototype", "request", "session"]
    private static let numericProps: Set = [
        "timeout", "maxPoolSize", "minIdle", "retryCount", "backoffMillis", "concurrency", "batchSize", "fetchSize",
    ]
    private static let booleanProps: Set = ["enabled", "autoCommit", "readOnly"]
    private static let textPropertyNames = ["query", "template", "fallbackMessage", "pattern", "jdbcUrl"]
    private static let nestedPropertyNames = ["delegate", "errorHandler", "retryPolicy", "codec"]

    private static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<beans xmlns=\"http://www.springframework.org/schema/beans\"\n"
        + "       xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
        + "       xmlns:configuration=\"http://www.example.com/schema/configuration\"\n"
        + "       xsi:schemaLocation=\"http://www.springframework.org/schema/beans "
        + "http://www.springframework.org/schema/beans/spring-beans.xsd\"\n"
        + "       default-lazy-init=\"false\">\n"

    private var random = PythonRandom(seed: 42)
    private var out: [UInt8] = []

    /// Generates the document `gen_workloads.py beans OUT target` writes.
    ///
    /// - Parameter target: The size to reach, in bytes (top-level units are added while
    ///   the document is smaller).
    /// - Returns: The document's bytes and the number of top-level units.
    static func generate(target: Int) -> (bytes: [UInt8], units: Int) {
        var generator = BeansWorkloadGenerator()
        generator.out.reserveCapacity(target + 4096)
        generator.out.append(contentsOf: header.utf8)
        var units = 0
        while generator.out.count < target {
            if units % 50 == 0 {
                generator.write("    <!-- section \(units / 50): generated component definitions -->\n")
            }
            if units % 4 == 0 {
                generator.define(indent: "    ")
            }
            generator.bean(id: "bean\(units)", indent: "    ", depth: 0)
            units += 1
        }
        generator.write("</beans>\n")
        return (generator.out, units)
    }

    private mutating func write(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    private mutating func propertyValue(_ name: String) -> String {
        if Self.numericProps.contains(name) {
            return String(random.randint(1, 100_000))
        }
        if Self.booleanProps.contains(name) {
            return random.choice(["true", "false"])
        }
        if name == "url" {
            let service = random.randint(1, 99)
            let version = random.randint(1, 3)
            let x = random.randint(0, 999)
            let y = random.randint(0, 999)
            return "https://svc\(service).example.com/api/v\(version)/resource?x=\(x)&amp;y=\(y)"
        }
        if name == "isolationLevel" {
            return random.choice(["READ_COMMITTED", "REPEATABLE_READ", "SERIALIZABLE"])
        }
        return "\(name.lowercased())-\(random.randint(0, 9999))"
    }

    private mutating func bean(id: String, indent: String, depth: Int) {
        let package = random.choice(Self.packages)
        let className = random.choice(Self.classes)
        let scope = random.choice(Self.scopes)
        let lazy = random.random() < 0.2 ? "true" : "false"
        let extra = random.random() < 0.15 ? " init-method=\"init\"" : ""
        write(
            "\(indent)<bean id=\"\(id)\" class=\"\(package).\(className)\" scope=\"\(scope)\" lazy=\"\(lazy)\"\(extra)>\n"
        )
        let count = random.randint(3, 6)
        let inner = indent + "    "
        for _ in 0..<count {
            let x = random.random()
            if x < 0.15 {
                let name = random.choice(Self.refProps)
                write("\(inner)<property name=\"\(name)\" ref=\"\(name)\(random.randint(0, 500))\"/>\n")
            } else if x < 0.25 {
                let name = random.choice(Self.textPropertyNames)
                write("\(inner)<property name=\"\(name)\">\(random.choice(Self.texts))</property>\n")
            } else if x < 0.33 && depth == 0 {
                let name = random.choice(Self.nestedPropertyNames)
                write("\(inner)<property name=\"\(name)\">\n")
                bean(id: "\(id).\(name)", indent: inner + "    ", depth: depth + 1)
                write("\(inner)</property>\n")
            } else {
                let name = random.choice(Self.props)
                write("\(inner)<property name=\"\(name)\" value=\"\(propertyValue(name))\"/>\n")
            }
        }
        write("\(indent)</bean>\n")
    }

    private mutating func define(indent: String) {
        let key = random.choice(Self.defineKeys)
        let type: String
        let value: String
        switch key {
        case "enabled":
            (type, value) = ("bool", random.choice(["true", "false"]))
        case "hostName":
            (type, value) = ("string", "host-\(random.randint(0, 999)).example.com")
        case "ratio":
            (type, value) = ("double", PythonFormat.fixed(random.random(), decimals: 3))
        default:
            (type, value) = ("int", String(random.randint(0, 65535)))
        }
        let namespace = random.choice(Self.namespaceNames)
        write(
            "\(indent)<configuration:define namespace=\"\(namespace)\" key=\"\(key)\" type=\"\(type)\" value=\"\(value)\"/>\n"
        )
    }
}
