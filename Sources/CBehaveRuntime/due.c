/*
 * due.c — when a timer falls due: a number of seconds after a time of the runtime's clock.
 *
 * The runtime's time is a double of seconds, and past some magnitude a short duration is below
 * its resolution: now + seconds rounds back to now. A timer due at once would keep the clock
 * where it is for ever (an `every` ticking again and again at one instant, an `after` never
 * reached). So a positive duration always falls due strictly later: at the next time the clock
 * can tell apart from now when the sum rounds back. A time past the largest finite one cannot
 * be told apart from any other, and a script asking for it gets an error.
 */
#include "runtime.h"
#include <math.h>

double behave_rt_later(double from, double seconds) {
    double at = from + seconds;
    if (seconds > 0 && !(at > from)) at = nextafter(from, HUGE_VAL);
    return at;
}

double behave_rt_due(lua_State *L, const behave_runtime *rt, double seconds, const char *fname) {
    double at = behave_rt_later(rt->now, seconds);
    if (!isfinite(at))
        luaL_error(L, "%s: %f seconds after %f is past the last time the clock can tell apart", fname,
                   (lua_Number)seconds, (lua_Number)rt->now);
    return at;
}
