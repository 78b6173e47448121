/// What the client and the service protocol of a ``WebService`` look like in Swift: each
/// operation's method name, parameters and result, decided once from the ``EmissionPlan``
/// so that `NAME.Client` and `NAME.Service` agree.
///
/// A request whose element holds only child elements (document/literal wrapped, and every
/// rpc/literal wrapper) is unwrapped: one parameter per child, labelled with its property's
/// name. A response with one child element returns that child's value; any other shape
/// takes or returns the message's whole object.
struct ServiceShape {
    /// Type names the generated service code declares or uses unqualified, which the model's
    /// types must not take.
    static let reservedTypeNames: Set<String> = [
        "Client", "Service", "Faults", "XMLBindSOAP", "SOAPClient", "SOAPService", "SOAPFault", "SOAPError",
        "SOAPVersion", "TimeInterval", "URLSession",
    ]

    /// One parameter of an unwrapped request, or the one value of an unwrapped response.
    struct Value {
        var field: EmissionPlan.PlannedField
        /// The Swift type: `T`, `T?` or `[T]`.
        var swiftType: String
        /// Whether the type is `T` and the message must carry the value.
        var isRequired: Bool
        /// Whether the value is (or holds) a class object, so it is passed as `sending`.
        var isObject: Bool
        var name: String { field.propertyName }
    }

    /// What a method returns.
    enum Result {
        case nothing
        case value(Value)
        case object(String)

        /// Whether the method returns a value of the body.
        var isSomething: Bool {
            if case .nothing = self { return false }
            return true
        }
    }

    struct Fault {
        var fault: WebService.Fault
        /// The detail class's Swift name; also the name of the error type in `Faults`.
        var className: String
        /// The detail class as the service code names it (``qualified(_:)``).
        var detailType: String
        /// Whether the class travels as a header block of the fault (`soap:headerfault`)
        /// rather than in its detail.
        var inHeader = false
    }

    /// A header block of a request (a parameter) or of a response (a value returned).
    struct Header {
        var header: WebService.Header
        /// The header element's class.
        var className: String
        /// The parameter's (or the returned tuple element's) name.
        var name: String
    }

    struct Method {
        var operation: WebService.Operation
        var name: String
        var requestClass: String
        /// `nil` for a one-way operation.
        var responseClass: String?
        /// `nil` when the method takes the request's whole object.
        var parameters: [Value]?
        var result: Result
        var faults: [Fault]
        var inputHeaders: [Header]
        var outputHeaders: [Header]
        var isOneWay: Bool { responseClass == nil }
    }

    let service: WebService
    /// The enum inside `NAME` that holds this service's `Client`, `Service` and `Faults`
    /// when the WSDL has several port types (``scopes(of:moduleName:)``); `nil` when they are
    /// `NAME`'s own.
    let scope: String?
    var methods: [Method] = []
    var faults: [Fault] = []
    var diagnostics: [GenerationDiagnostic] = []

    /// The scope of each service: none when there is one, else a type name made from each
    /// service's name, unique, and not one the generated code uses.
    static func scopes(of services: [WebService], moduleName: String) -> [String?] {
        guard services.count > 1 else { return services.map { _ in nil } }
        var names = NameAllocator(
            reserved: reservedTypeNames.union(SwiftIdentifier.reservedTypeNames).union([moduleName, "Conversions"]),
            ignoresCase: true)
        return services.map { names.claim(SwiftIdentifier.pascalCase($0.name, fallback: "Service")) }
    }

    init(service: WebService, scope: String?, plan: EmissionPlan) {
        self.service = service
        self.scope = scope
        var names = NameAllocator(
            reserved: SwiftIdentifier.reservedPropertyNames.union(["soap", "ports", "register", "soapService"]),
            ignoresCase: false)
        for operation in service.operations {
            let response = operation.output.flatMap { Self.planned($0, in: plan) }
            guard let request = Self.planned(operation.input, in: plan), operation.output == nil || response != nil,
                let inputHeaders = Self.headers(operation.inputHeaders, in: plan),
                let outputHeaders = Self.headers(operation.outputHeaders, in: plan)
            else {
                diagnostics.append(
                    GenerationDiagnostic(
                        .warning, "operation \(operation.name): its messages have no generated type; it is skipped",
                        at: operation.origin))
                continue
            }
            // A SOAPService dispatches on the request's element: two operations cannot share one.
            if let earlier = methods.first(where: { $0.requestClass == request.swiftName }) {
                diagnostics.append(
                    GenerationDiagnostic(
                        .warning,
                        "operation \(operation.name) takes the same request element as \(earlier.operation.name); "
                            + "it is skipped", at: operation.origin))
                continue
            }
            var methodFaults: [Fault] = []
            let declared = operation.faults.map { ($0, false) } + operation.headerFaults.map { ($0, true) }
            for (fault, inHeader) in declared {
                guard let detail = Self.planned(fault.element, in: plan) else { continue }
                let shaped = Fault(
                    fault: fault, className: detail.swiftName, detailType: detail.swiftName, inHeader: inHeader)
                // One error type per class: a class that is both a detail and a header fault's
                // block is typed where it came first.
                if let known = faults.first(where: { $0.className == shaped.className }), known.inHeader != inHeader {
                    diagnostics.append(
                        GenerationDiagnostic(
                            .warning,
                            "operation \(operation.name): <\(fault.element.localName)> is both a fault's detail and "
                                + "a header fault's block; as \(inHeader ? "a header block" : "a detail") it is not "
                                + "typed (it is thrown as SOAPFault)", at: operation.origin))
                    continue
                }
                if !methodFaults.contains(where: { $0.className == shaped.className }) { methodFaults.append(shaped) }
                if !faults.contains(where: { $0.className == shaped.className }) { faults.append(shaped) }
            }
            let base = SwiftIdentifier.camelCase(operation.name, fallback: "operation")
            let parameters = Self.unwrapped(request)
            // Header parameters follow the body's, and header values follow `result`.
            var valueNames = NameAllocator(
                reserved: Set((parameters ?? []).map(\.name) + ["request", "result", "response", "reply", "headers"]),
                ignoresCase: false)
            methods.append(
                Method(
                    operation: operation,
                    name: names.claim(SwiftIdentifier.keywords.contains(base) ? base + "_" : base),
                    requestClass: request.swiftName, responseClass: response?.swiftName, parameters: parameters,
                    result: response.map(Self.result(of:)) ?? .nothing, faults: methodFaults,
                    inputHeaders: inputHeaders.map { Self.named($0, by: &valueNames) },
                    outputHeaders: outputHeaders.map { Self.named($0, by: &valueNames) }))
        }
        faults.sort { $0.className < $1.className }
        if scope != nil { qualifyModelTypes(plan) }
    }

    /// In `extension NAME.Scope`, `NAME`'s own types are not in scope: every model type the
    /// service code names is written `NAME.Type`.
    private mutating func qualifyModelTypes(_ plan: EmissionPlan) {
        let modelTypes = Set(plan.classes.map(\.swiftName) + plan.enums.map(\.swiftName))
        func qualified(_ name: String) -> String { modelTypes.contains(name) ? plan.moduleName + "." + name : name }
        func qualified(_ value: Value) -> Value {
            var value = value
            let name = qualified(value.field.swiftType)
            value.swiftType =
                value.swiftType.hasPrefix("[") ? "[\(name)]" : value.swiftType.hasSuffix("?") ? name + "?" : name
            return value
        }
        func qualified(_ header: Header) -> Header {
            var header = header
            header.className = qualified(header.className)
            return header
        }
        for index in methods.indices {
            var method = methods[index]
            method.requestClass = qualified(method.requestClass)
            method.responseClass = method.responseClass.map(qualified)
            method.parameters = method.parameters?.map(qualified)
            switch method.result {
            case .nothing: break
            case .object(let name): method.result = .object(qualified(name))
            case .value(let value): method.result = .value(qualified(value))
            }
            method.inputHeaders = method.inputHeaders.map(qualified)
            method.outputHeaders = method.outputHeaders.map(qualified)
            for fault in method.faults.indices {
                method.faults[fault].detailType = qualified(method.faults[fault].className)
            }
            methods[index] = method
        }
    }

    /// The classes of header elements; `nil` when one has none.
    private static func headers(_ headers: [WebService.Header], in plan: EmissionPlan) -> [Header]? {
        var shaped: [Header] = []
        for header in headers {
            guard let planned = planned(header.element, in: plan) else { return nil }
            shaped.append(Header(header: header, className: planned.swiftName, name: ""))
        }
        return shaped
    }

    private static func named(_ header: Header, by names: inout NameAllocator) -> Header {
        var named = header
        let base = SwiftIdentifier.camelCase(header.header.part, fallback: "header")
        named.name = names.claim(SwiftIdentifier.keywords.contains(base) ? base + "_" : base)
        return named
    }

    /// The class registered for an element.
    static func planned(_ element: QualifiedName, in plan: EmissionPlan) -> EmissionPlan.PlannedClass? {
        plan.classes.first { $0.elementNames.contains(element) }
    }

    private static func isChildElement(_ field: EmissionPlan.PlannedField) -> Bool {
        [.element, .elements, .child, .children].contains(field.form)
    }

    private static func unwrapped(_ request: EmissionPlan.PlannedClass) -> [Value]? {
        guard request.fields.allSatisfy(isChildElement), request.choices.isEmpty, !request.keepsChildOrder else {
            return nil
        }
        return request.fields.map(value)
    }

    private static func result(of response: EmissionPlan.PlannedClass) -> Result {
        guard response.fields.allSatisfy(isChildElement), !response.keepsChildOrder else {
            return .object(response.swiftName)
        }
        switch response.fields.count {
        case 0: return .nothing
        case 1: return .value(value(response.fields[0]))
        default: return .object(response.swiftName)
        }
    }

    private static func value(_ field: EmissionPlan.PlannedField) -> Value {
        let isObject = field.form == .child || field.form == .children
        switch field.form {
        case .elements, .children:
            return Value(field: field, swiftType: "[\(field.swiftType)]", isRequired: false, isObject: isObject)
        default:
            let required = field.field.occurrence.minimum > 0 && !field.field.isNillable
            return Value(
                field: field, swiftType: field.swiftType + (required ? "" : "?"), isRequired: required,
                isObject: isObject)
        }
    }

    /// `SOAPVersion.version1point1` or `.version1point2`, as Swift source.
    static func versionLiteral(_ version: WebService.Version) -> String {
        version == .soap11 ? ".version1point1" : ".version1point2"
    }
}
