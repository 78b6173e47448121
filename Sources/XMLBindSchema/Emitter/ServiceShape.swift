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
    }

    struct Fault {
        var fault: WebService.Fault
        /// The detail class's Swift name; also the name of the error type in `Faults`.
        var className: String
    }

    struct Method {
        var operation: WebService.Operation
        var name: String
        var requestClass: String
        var responseClass: String
        /// `nil` when the method takes the request's whole object.
        var parameters: [Value]?
        var result: Result
        var faults: [Fault]
    }

    let service: WebService
    var methods: [Method] = []
    var faults: [Fault] = []
    var diagnostics: [GenerationDiagnostic] = []

    init(service: WebService, plan: EmissionPlan) {
        self.service = service
        var names = NameAllocator(
            reserved: SwiftIdentifier.reservedPropertyNames.union(["soap", "ports", "register", "soapService"]),
            ignoresCase: false)
        for operation in service.operations {
            guard let request = Self.planned(operation.input, in: plan),
                let output = operation.output, let response = Self.planned(output, in: plan)
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
            for fault in operation.faults {
                guard let detail = Self.planned(fault.element, in: plan) else { continue }
                let shaped = Fault(fault: fault, className: detail.swiftName)
                if !methodFaults.contains(where: { $0.className == shaped.className }) { methodFaults.append(shaped) }
                if !faults.contains(where: { $0.className == shaped.className }) { faults.append(shaped) }
            }
            let base = SwiftIdentifier.camelCase(operation.name, fallback: "operation")
            methods.append(
                Method(
                    operation: operation,
                    name: names.claim(SwiftIdentifier.keywords.contains(base) ? base + "_" : base),
                    requestClass: request.swiftName, responseClass: response.swiftName,
                    parameters: Self.unwrapped(request), result: Self.result(of: response), faults: methodFaults))
        }
        faults.sort { $0.className < $1.className }
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
