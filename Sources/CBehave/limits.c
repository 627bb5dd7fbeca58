/*
 * limits.c — the hooks that stop a run, raising (a longjmp) from inside the interpreter, where
 * no Swift frame can be.
 *
 * By default a state has no hook at all and Lua runs at its own speed. The watchdog
 * (watchdog.c) notices a passed deadline or a cancellation from outside, sets `preempt`, and
 * has the stop hook armed on the coroutine that is running; the hook's next call raises.
 * The count hook is opt-in: it is what an exact instruction budget or a depth limit costs.
 */
#include "CBehaveInternal.h"

int behave_due_reason(behave_control *c, long long now_ns) {
    if (c->shared_cancel && __atomic_load_n(c->shared_cancel, __ATOMIC_ACQUIRE)) return BEHAVE_CANCELLED;
    long long deadline = __atomic_load_n(&c->deadline_ns, __ATOMIC_SEQ_CST);
    if (deadline > 0 && now_ns >= deadline) return BEHAVE_LIMIT_TIME;
    long long run_deadline = __atomic_load_n(&c->run_deadline_ns, __ATOMIC_SEQ_CST);
    if (run_deadline > 0 && now_ns >= run_deadline) return BEHAVE_LIMIT_DURATION;
    return 0;
}

int behave_should_stop(behave_control *c) {
    if (c->terminated) return 1;
    int requested = __atomic_load_n(&c->preempt, __ATOMIC_ACQUIRE);
    if (requested == 0) return 0;
    /* The request may be stale: the slice it was meant for may have ended and a new one begun
     * with a later deadline, or the cancellation been cleared for a new run. */
    int reason = behave_due_reason(c, behave_now_ns());
    if (reason != 0) {
        c->terminated = reason;
        return 1;
    }
    /* Forget it, unless the watchdog has set another reason meanwhile. */
    __atomic_compare_exchange_n(&c->preempt, &requested, 0, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
    return 0;
}

/* Armed on the running coroutine when a stop is pending: raises at its next instruction, or
 * takes itself off (putting the state's own hook back) when the request was stale. */
static void behave_stop_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    behave_control *c = behave_control_of(L);
    if (behave_should_stop(c)) {
        if (c->tool_count > 0) behave_tools_limit(c, L);
        behave_raise_termination(L);
    }
    behave_restore_hook(c, L);
}

void behave_restore_hook(behave_control *c, lua_State *L) {
    int count = c->hook_interval > 0 ? LUA_MASKCOUNT : 0;
    int calls = c->watch_calls ? LUA_MASKCALL | LUA_MASKRET : 0;
    /* The stop hook saw no call while it stood in: the frames are counted afresh. */
    c->depth_thread = NULL;
    if (behave_tools_install(c, L, calls | count)) return;
    if (count)
        lua_sethook(L, behave_count_hook, count | calls, c->hook_interval);
    else
        lua_sethook(L, NULL, 0, 0);
}

void behave_arm_stop_hook(lua_State *co) { lua_sethook(co, behave_stop_hook, LUA_MASKCOUNT, 1); }

void behave_arm_hook(behave_control *c, lua_State *co) {
    /* The count hook already polls the flag; re-arming it would change the instruction count. */
    if (c->hook_interval == 0 && co != NULL) lua_sethook(co, behave_stop_hook, LUA_MASKCOUNT, 1);
}

/* Lua copies a thread's hook into every coroutine it creates, and the count lives in the
 * control block, so a budget cannot be split across coroutines. */
void behave_count_hook(lua_State *L, lua_Debug *ar) {
    if (ar->event != LUA_HOOKCOUNT) {
        behave_depth_hook(L, ar);
        return;
    }
    behave_control *c = behave_control_of(L);
    c->instructions += c->hook_interval;
    if (!c->terminated && c->max_instructions > 0 && c->instructions > c->max_instructions)
        c->terminated = BEHAVE_LIMIT_INSTRUCTIONS;
#ifdef BEHAVE_TSAN
    /* An intercepted call, where ThreadSanitizer delivers the signals it holds back: a Ctrl-C
     * handler (behave_cancel) runs here rather than never. */
    sigset_t current;
    pthread_sigmask(SIG_BLOCK, NULL, &current);
#endif
    if (behave_should_stop(c)) {
        if (c->tool_count > 0) behave_tools_limit(c, L);
        behave_raise_termination(L);
    }
}

/* How many call frames coroutine L has, or limit + 1 when it has more: a halving search, each
 * probe a lua_getstack that walks from the top only as deep as it is asked. */
static int behave_frames(lua_State *L, int limit) {
    lua_Debug probe;
    if (lua_getstack(L, limit, &probe)) return limit + 1;
    int present = -1, absent = limit;
    while (absent - present > 1) {
        int level = present + (absent - present) / 2;
        if (lua_getstack(L, level, &probe))
            present = level;
        else
            absent = level;
    }
    return absent;
}

/* Every call and return is seen, so a recursion stops at the frame that passes the limit, not
 * at the next count. The slack is how many frames the running coroutine may still add: a call
 * takes one, a return gives one back (an error that unwinds gives none, which only makes the
 * slack smaller than it is), a tail call reuses its caller's frame. The frames are counted only
 * when the slack runs out, or another coroutine runs. */
void behave_depth_hook(lua_State *L, lua_Debug *ar) {
    behave_control *c = behave_control_of(L);
    if (c->max_depth <= 0 || ar->event == LUA_HOOKTAILCALL) return;
    if (ar->event == LUA_HOOKRET) {
        if (c->depth_thread == L) c->depth_slack++;
        return;
    }
    if (ar->event != LUA_HOOKCALL) return;
    if (c->depth_thread == L && --c->depth_slack > 0) return;
    int frames = behave_frames(L, c->max_depth);
    c->depth_thread = L;
    c->depth_slack = c->max_depth + 1 - frames;
    if (frames > c->max_depth && !c->terminated) c->terminated = BEHAVE_LIMIT_DEPTH;
    if (behave_should_stop(c)) {
        if (c->tool_count > 0) behave_tools_limit(c, L);
        behave_raise_termination(L);
    }
}

void behave_install_hook(lua_State *L, int interval, int watch_calls) {
    behave_control *c = behave_control_of(L);
    c->hook_interval = interval;
    c->watch_calls = watch_calls;
    behave_restore_hook(c, L);
}
