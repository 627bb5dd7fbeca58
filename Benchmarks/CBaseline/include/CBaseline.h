#include <lua.h>
