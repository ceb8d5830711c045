; Archon's symbol query for Go, in the tags convention; the capture names are those of typescript.scm, plus
; @namespace (the package clause) and, on a method, @definition.receiver (its receiver's type) and
; @definition.receiver_name (the receiver variable). Structs are the class column; Go has no inheritance and
; interface satisfaction is structural, so there are no extends or implements.

(package_clause (package_identifier) @namespace)

; --- definitions
(type_declaration (type_spec name: (type_identifier) @name.definition.class type: (struct_type)) @definition.class)
(type_declaration (type_spec name: (type_identifier) @name.definition.interface type: (interface_type)) @definition.interface)
(function_declaration name: (identifier) @name.definition.function) @definition.function
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      name: (identifier)? @definition.receiver_name
      type: [
        (type_identifier) @definition.receiver
        (pointer_type (type_identifier) @definition.receiver)
        (generic_type type: (type_identifier) @definition.receiver)
        (pointer_type (generic_type type: (type_identifier) @definition.receiver))
      ]))
  name: (field_identifier) @name.definition.method) @definition.method

; --- calls
(call_expression function: (identifier) @name.reference.call) @reference.call
(call_expression
  function: (selector_expression operand: (_) @reference.receiver field: (field_identifier) @name.reference.call)) @reference.call

; --- imports (`name` is an alias, `_` or `.`)
(import_spec
  name: (_)? @import.namespace
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.source)) @reference.import
