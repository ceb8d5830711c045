// Names each language provides itself. A call to one is `external` (it leaves the repository's code), not
// `unresolved`, so the count of calls the index could not follow stays about the repository's own code.
import type { Language } from "./languages.js";

const set = (words: string) => new Set(words.split(/\s+/).filter((w) => w !== ""));

const SCRIPT_CALLS = set(`
  parseInt parseFloat isNaN isFinite setTimeout clearTimeout setInterval clearInterval setImmediate
  queueMicrotask structuredClone fetch encodeURIComponent decodeURIComponent encodeURI decodeURI
  String Number Boolean Symbol BigInt Array Object Date Error TypeError RangeError SyntaxError Map Set
  WeakMap WeakSet WeakRef Promise RegExp URL URLSearchParams Buffer TextEncoder TextDecoder AbortController
`);
const SCRIPT_RECEIVERS = set(`
  console Math JSON Object Array Promise Number String Reflect Date process Buffer Symbol Intl globalThis
  window document crypto performance navigator
`);

const CALLS: Readonly<Record<Language, ReadonlySet<string>>> = {
  typescript: SCRIPT_CALLS,
  javascript: SCRIPT_CALLS,
  python: set(`
    print len range isinstance issubclass str int float bool dict list set tuple frozenset open sorted
    reversed enumerate zip map filter getattr setattr hasattr delattr min max sum any all iter next repr
    type abs round divmod pow hash id callable vars dir format chr ord bytes bytearray object property
    staticmethod classmethod Exception ValueError TypeError KeyError IndexError RuntimeError
    NotImplementedError AttributeError
  `),
  go: set(`
    make len cap append copy delete new panic recover close print println complex real imag min max clear
    string int int8 int16 int32 int64 uint uint8 uint16 uint32 uint64 uintptr float32 float64 byte rune bool
    error any
  `),
  php: set(`
    strlen count array_map array_filter array_keys array_values array_merge array_key_exists in_array
    implode explode sprintf printf json_encode json_decode is_array is_string is_int is_null str_replace
    trim strtolower strtoupper compact var_dump print_r intval strval date time microtime preg_match
    preg_replace file_get_contents file_put_contents
  `),
};

const RECEIVERS: Readonly<Record<Language, ReadonlySet<string>>> = {
  typescript: SCRIPT_RECEIVERS,
  javascript: SCRIPT_RECEIVERS,
  python: new Set(),
  go: new Set(),
  php: new Set(),
};

export const isBuiltinCall = (language: Language, name: string) => CALLS[language].has(name);
export const isBuiltinReceiver = (language: Language, receiver: string) =>
  RECEIVERS[language].has(receiver.split(".")[0] as string);
