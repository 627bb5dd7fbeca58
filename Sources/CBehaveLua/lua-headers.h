/*
 * lua-headers.h — Lua 5.4's headers, for every C file of the package (through shim.h, CBehave.h
 * and the benchmark's C).
 *
 * On Linux the package links Debian's static liblua5.4.a without pkg-config (Package.swift says
 * why), so the headers are found by their Debian path, lua5.4/ under the system include
 * directory. Elsewhere pkg-config puts the directory that holds lua.h on the include path.
 */
#ifndef BEHAVE_LUA_HEADERS_H
#define BEHAVE_LUA_HEADERS_H

#if __has_include(<lua5.4/lua.h>)
#include <lua5.4/lauxlib.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#else
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#endif

#endif /* BEHAVE_LUA_HEADERS_H */
