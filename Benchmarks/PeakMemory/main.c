/*
 * peak-memory — runs a command as its child, its standard output discarded, and prints the
 * child's peak resident memory in KiB.
 * Usage: peak-memory COMMAND [ARGUMENT...]
 *
 * The bench cannot read that from its own children: Linux carries a process's ru_maxrss across
 * exec, starting it from the memory of the process that spawned it, so a child of the bench
 * would report at least the bench's own peak. Started from this small process, it does not.
 * Exits with the child's status (1 if it could not start or did not exit normally).
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: peak-memory COMMAND [ARGUMENT...]\n");
        return 64;
    }
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 1);
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) != pid) return 1;
    printf("%ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
