#ifndef MAPWIRE_CSPAWN_SHIM_H
#define MAPWIRE_CSPAWN_SHIM_H
#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

// Starts `path` with `argv` (NULL-terminated, argv[0] first) and this process's environment, its
// standard streams on the three descriptors given, in a child that the kernel sends `death_signal`
// when the thread that called this ends (PR_SET_PDEATHSIG: Linux ties it to the creating thread, so
// call it from a thread that lives as long as the process, the main thread). A parent that ended before
// the child could ask for it is noticed (the child's parent is then another process) and the child
// exits 127 at once. Returns the child's pid, or -1 with errno set.
//
// Between fork and exec the child only makes async-signal-safe calls: the parent has other threads,
// whose locks the child's copy of memory may hold.
static inline pid_t mapwire_spawn_tied_to_parent(const char *path, char *const argv[], int stdin_fd, int stdout_fd,
                                                 int stderr_fd, int death_signal) {
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid != 0) return pid;
  if (prctl(PR_SET_PDEATHSIG, death_signal, 0, 0, 0) != 0 || getppid() != parent) _exit(127);
  // The parent may block or ignore signals (a signal trap, a worker thread's mask): the child starts
  // with every signal delivered and handled by default, as a program started from a shell does.
  struct sigaction fallback;
  fallback.sa_handler = SIG_DFL;
  fallback.sa_flags = 0;
  sigemptyset(&fallback.sa_mask);
  for (int number = 1; number < NSIG; number++) {
    if (number != SIGKILL && number != SIGSTOP) sigaction(number, &fallback, NULL);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  if (dup2(stdin_fd, 0) < 0 || dup2(stdout_fd, 1) < 0 || dup2(stderr_fd, 2) < 0) _exit(127);
  // Nothing else of the parent's is inherited (its sockets, its files).
  syscall(SYS_close_range, 3U, ~0U, 0U);
  execv(path, argv);
  _exit(127);
}

// Waits for child `pid` to end; its wait status, or -1 with errno set. Retries when a signal interrupts.
static inline int mapwire_wait_for_child(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}
#endif
