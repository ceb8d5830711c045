; Archon's symbol query for JavaScript (and JSX), in the tags convention; the capture names are those of
; typescript.scm. JavaScript has classes, functions and methods; its coverage has no extends or implements.

; --- definitions
(class_declaration name: (identifier) @name.definition.class) @definition.class
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
  (field_definition
    property: [(property_identifier) (private_property_identifier)] @name.definition.method
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

; --- imports
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
