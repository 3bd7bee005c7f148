/// Calls a key path's computed-component getter directly, with the Swift calling convention.
///
/// The standard library calls these getters from generic code: the base is passed by address
/// (`@in_guaranteed`), the value is returned through an indirect result (`@out`), and the
/// getter also receives the component's argument buffer and its size. Swift code cannot spell
/// that convention for a function pointer of concrete types (it would pass them directly), and
/// clang can: `swiftcall` with a `swift_indirect_result` parameter.
#ifndef FORAGE_CKEYPATH_SHIM_H
#define FORAGE_CKEYPATH_SHIM_H

#include <stdint.h>

/// The shape of a key path getter: `(@out Value, @in_guaranteed Base, arguments, size)`.
typedef void (*forage_key_path_getter)(
    __attribute__((swift_indirect_result)) void *result, const void *base,
    const void *arguments, intptr_t size) __attribute__((swiftcall));

/// Calls `getter`, which initialises the value at `result` from the base at `base`.
static inline void forage_key_path_get(const void *getter, void *result, const void *base,
                                       const void *arguments, intptr_t size) {
  ((forage_key_path_getter)getter)(result, base, arguments, size);
}

#endif
