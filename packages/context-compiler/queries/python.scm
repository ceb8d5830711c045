; Archon's symbol query for Python, in the tags convention; the capture names are those of typescript.scm,
; plus @import.wildcard for `from m import *`. A function defined directly in a class is a method (the
; extractor decides that from nesting). Superclasses are extends; Python has no interfaces. Decorators are
; not read.

; --- definitions
(class_definition name: (identifier) @name.definition.class) @definition.class
(function_definition name: (identifier) @name.definition.function) @definition.function

; --- calls
(call function: (identifier) @name.reference.call) @reference.call
(call function: (attribute object: (_) @reference.receiver attribute: (identifier) @name.reference.call)) @reference.call

; --- superclasses
(class_definition superclasses: (argument_list (identifier) @name.reference.extends))
(class_definition
  superclasses: (argument_list (attribute object: (_) @reference.receiver attribute: (identifier) @name.reference.extends)))

; --- imports
(import_statement name: (dotted_name) @import.source) @reference.import
(import_statement name: (aliased_import name: (dotted_name) @import.source alias: (identifier) @import.namespace)) @reference.import
(import_from_statement module_name: (_) @import.source name: (dotted_name) @import.name) @reference.import
(import_from_statement
  module_name: (_) @import.source
  name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.alias)) @reference.import
(import_from_statement module_name: (_) @import.source (wildcard_import) @import.wildcard) @reference.import
