; Archon's symbol query for PHP, in the tags convention; the capture names are those of typescript.scm, plus
; @namespace (the namespace declaration) and @import.prefix (the shared prefix of a grouped `use`). Traits
; are classes; `use Trait;` inside a class is an implements reference, as the coverage table has it.

(namespace_definition name: (namespace_name) @namespace)

; --- definitions
(class_declaration name: (name) @name.definition.class) @definition.class
(trait_declaration name: (name) @name.definition.class) @definition.class
(interface_declaration name: (name) @name.definition.interface) @definition.interface
(function_definition name: (name) @name.definition.function) @definition.function
(method_declaration name: (name) @name.definition.method) @definition.method

; --- calls
(function_call_expression function: [(name) (qualified_name)] @name.reference.call) @reference.call
(member_call_expression object: (_) @reference.receiver name: (name) @name.reference.call) @reference.call
(nullsafe_member_call_expression object: (_) @reference.receiver name: (name) @name.reference.call) @reference.call
(scoped_call_expression scope: (_) @reference.receiver name: (name) @name.reference.call) @reference.call
(object_creation_expression [(name) (qualified_name)] @name.reference.call) @reference.call

; --- base clauses and trait use
(class_declaration (base_clause [(name) (qualified_name)] @name.reference.extends))
(interface_declaration (base_clause [(name) (qualified_name)] @name.reference.extends))
(class_declaration (class_interface_clause [(name) (qualified_name)] @name.reference.implements))
(use_declaration [(name) (qualified_name)] @name.reference.implements)

; --- imports
(namespace_use_declaration
  (namespace_use_clause . [(name) (qualified_name)] @import.source alias: (name)? @import.alias)) @reference.import
(namespace_use_declaration
  (namespace_name) @import.prefix
  body: (namespace_use_group
    (namespace_use_clause . [(name) (qualified_name)] @import.source alias: (name)? @import.alias))) @reference.import
