; Archon's symbol query for TypeScript and TSX, in the tags convention. Capture names:
;   @definition.<kind> / @name.definition.<kind>   a symbol (class, interface, function, method) and its name
;   @reference.call / @name.reference.call         a call (or `new`) and the name called
;   @reference.receiver                            what a member call is made on (`this`, a namespace, ...)
;   @name.reference.extends / .implements          a base class or interface named in a heritage clause
;   @reference.import with @import.source          an import statement and its module specifier, with
;     @import.name / @import.alias / @import.default / @import.namespace for what it binds locally

; --- definitions
(class_declaration name: (type_identifier) @name.definition.class) @definition.class
(abstract_class_declaration name: (type_identifier) @name.definition.class) @definition.class
(interface_declaration name: (type_identifier) @name.definition.interface) @definition.interface
(function_declaration name: (identifier) @name.definition.function) @definition.function
(generator_function_declaration name: (identifier) @name.definition.function) @definition.function
(variable_declarator
  name: (identifier) @name.definition.function
  value: [(arrow_function) (function_expression)]) @definition.function
; A class expression is named by what it is assigned to (`const Codec = class {}`, `exports.Codec = class {}`):
; its methods are then `Codec.encode`, not a bare `encode` that every such class in the file would share.
(variable_declarator name: (identifier) @name.definition.class value: (class)) @definition.class
((assignment_expression
  left: (member_expression property: (property_identifier) @name.definition.class)
  right: (class)) @definition.class
  (#not-eq? @name.definition.class "exports"))
(class_body
  (method_definition name: [(property_identifier) (private_property_identifier)] @name.definition.method) @definition.method)
(class_body
  (public_field_definition
    name: [(property_identifier) (private_property_identifier)] @name.definition.method
    value: [(arrow_function) (function_expression)]) @definition.method)

; --- calls
(call_expression function: (identifier) @name.reference.call) @reference.call
(call_expression
  function: (member_expression
    object: (_) @reference.receiver
    property: [(property_identifier) (private_property_identifier)] @name.reference.call)) @reference.call
(new_expression constructor: (identifier) @name.reference.call) @reference.call
(new_expression
  constructor: (member_expression object: (_) @reference.receiver property: (property_identifier) @name.reference.call)) @reference.call

; --- heritage
(extends_clause value: (identifier) @name.reference.extends)
(extends_clause value: (member_expression object: (_) @reference.receiver property: (property_identifier) @name.reference.extends))
(implements_clause (type_identifier) @name.reference.implements)
(implements_clause (generic_type name: (type_identifier) @name.reference.implements))
(implements_clause (nested_type_identifier module: (_) @reference.receiver name: (type_identifier) @name.reference.implements))
(extends_type_clause type: (type_identifier) @name.reference.extends)
(extends_type_clause type: (generic_type name: (type_identifier) @name.reference.extends))

; --- imports (re-exports and require/import() of a literal are imports too)
(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier)? @import.alias)))
  source: (string (string_fragment) @import.source)) @reference.import
(import_statement (import_clause (identifier) @import.default) source: (string (string_fragment) @import.source)) @reference.import
(import_statement
  (import_clause (namespace_import (identifier) @import.namespace))
  source: (string (string_fragment) @import.source)) @reference.import
(import_statement source: (string (string_fragment) @import.source)) @reference.import
(export_statement source: (string (string_fragment) @import.source)) @reference.import
((call_expression
  function: (identifier) @_require
  arguments: (arguments . (string (string_fragment) @import.source) .)) @reference.import
  (#eq? @_require "require"))
(call_expression function: (import) arguments: (arguments . (string (string_fragment) @import.source))) @reference.import
