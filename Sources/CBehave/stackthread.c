/*
 * stackthread.c — a thread with a stack of a chosen size that runs one piece of work at a time
 * for its owner, who waits (BehaveHost's StackThread: Lua on a large C stack when the caller's
 * is small). In C with pthreads because Foundation's Thread would link Foundation into every
 * tool, and its start-up costs more than a run of a short script.
 */
#include "CBehaveInternal.h"
#include <pthread.h>
#include <stdlib.h>

struct behave_stack_thread {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    void (*work)(void *);
    void *context;
    unsigned long finished;
    int stopped;
};

static void *behave_stack_thread_main(void *argument) {
    behave_stack_thread *t = argument;
    pthread_mutex_lock(&t->lock);
    for (;;) {
        while (t->work == NULL && !t->stopped) pthread_cond_wait(&t->changed, &t->lock);
        if (t->work == NULL) break;
        void (*work)(void *) = t->work;
        void *context = t->context;
        pthread_mutex_unlock(&t->lock);
        work(context);
        pthread_mutex_lock(&t->lock);
        t->work = NULL;
        t->finished++;
        pthread_cond_broadcast(&t->changed);
    }
    pthread_mutex_unlock(&t->lock);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->changed);
    free(t);
    return NULL;
}

behave_stack_thread *behave_stack_thread_new(size_t stack_size) {
    behave_stack_thread *t = calloc(1, sizeof *t);
    if (t == NULL) return NULL;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    if (behave_start_thread(behave_stack_thread_main, t, stack_size) != 0) {
        pthread_mutex_destroy(&t->lock);
        pthread_cond_destroy(&t->changed);
        free(t);
        return NULL;
    }
    return t;
}

void behave_stack_thread_run(behave_stack_thread *t, void (*work)(void *), void *context) {
    pthread_mutex_lock(&t->lock);
    while (t->work != NULL) pthread_cond_wait(&t->changed, &t->lock);
    t->work = work;
    t->context = context;
    unsigned long ticket = t->finished + 1;
    pthread_cond_broadcast(&t->changed);
    while (t->finished < ticket) pthread_cond_wait(&t->changed, &t->lock);
    pthread_mutex_unlock(&t->lock);
}

void behave_stack_thread_stop(behave_stack_thread *t) {
    pthread_mutex_lock(&t->lock);
    t->stopped = 1;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
}
