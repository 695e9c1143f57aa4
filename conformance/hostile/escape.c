/* Tries one way out of the worker per trigger, then returns the correct output; when the attempt
 * succeeds it rejects instead, saying "escaped: ...", so a test sees that it got out. Files are
 * in $CASTLIKE_HOSTILE_DIRECTORY (a "victim" file the test made).
 *  99 fcntl(F_SETOWN, validator) + F_SETSIG(SIGKILL) on the worker's socket
 *  98 prlimit(validator, RLIMIT_FSIZE = 0)        97 setpriority(validator, 19)
 *  96 bind a Unix socket to a path in the directory                95 setrlimit(RLIMIT_CORE, infinity)
 *  94 setxattr on the victim                       93 utimensat: the victim's times to 1970
 *  92 ioctl(FS_IOC_SETFLAGS) (chattr)               91 acct
 *  90 sethostname                                  89 read the victim (a user's file)
 *  88 connect to 127.0.0.1:22                      87 prctl(PR_SET_DUMPABLE, 1)
 *  86 a thread that works and is joined (allowed: the output is correct)
 *  85 fork + setsid: a grandchild that outlives everything   84 sched_setscheduler(validator)
 *  83 mount_setattr (each of 92 to 83 is made harmless should it get through) */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/xattr.h>
#include <unistd.h>
#define HOSTILE_NAME "hostile test plug-in: escape"
#include "hostile_plugin.h"

static char victim_path[512];

static const char* in_directory(const char* name) {
  const char* dir = getenv("CASTLIKE_HOSTILE_DIRECTORY");
  snprintf(victim_path, sizeof victim_path, "%s/%s", dir ? dir : "/tmp", name);
  return victim_path;
}

static void* work(void* arg) {
  *(int*)arg = 42;
  return NULL;
}

static int32_t misbehave(int8_t trigger, const castlike_validator_request* req, castlike_validator_output* out) {
  (void)req;
  const char* escaped = NULL;
  switch (trigger) {
    case 99:
      if (fcntl(3, F_SETOWN, getppid()) == 0 && fcntl(3, F_SETSIG, SIGKILL) == 0 &&
          fcntl(3, F_SETFL, fcntl(3, F_GETFL) | O_ASYNC) == 0)
        escaped = "F_SETOWN";
      break;
    case 98: {
      const struct rlimit zero = {0, 0};
      if (prlimit(getppid(), RLIMIT_FSIZE, &zero, NULL) == 0) escaped = "prlimit";
      break;
    }
    case 97:
      if (setpriority(PRIO_PROCESS, (id_t)getppid(), 19) == 0) escaped = "setpriority";
      break;
    case 96: {
      struct sockaddr_un a = {AF_UNIX, {0}};
      snprintf(a.sun_path, sizeof a.sun_path, "%s", in_directory("created"));
      const int s = socket(AF_UNIX, SOCK_STREAM, 0);
      if (s >= 0 && bind(s, (struct sockaddr*)&a, sizeof a) == 0) escaped = "bind";
      break;
    }
    case 95: {
      const struct rlimit unlimited = {RLIM_INFINITY, RLIM_INFINITY};
      if (setrlimit(RLIMIT_CORE, &unlimited) == 0) abort();
      break;
    }
    case 94:
      if (setxattr(in_directory("victim"), "user.castlike", "x", 1, 0) == 0) escaped = "setxattr";
      break;
    case 93: {
      const struct timespec epoch[2] = {{0, 0}, {0, 0}};
      if (utimensat(AT_FDCWD, in_directory("victim"), epoch, 0) == 0) escaped = "utimensat";
      break;
    }
    case 92: {
      int flags = 0; /* set back as they are: harmless where it gets through */
      if (ioctl(0, FS_IOC_GETFLAGS, &flags) == 0 && ioctl(0, FS_IOC_SETFLAGS, &flags) == 0) escaped = "chattr";
      break;
    }
    case 91:
      if (acct(NULL) == 0) escaped = "acct"; /* turns accounting off: harmless where it gets through */
      break;
    case 90: {
      char name[256] = {0};
      if (gethostname(name, sizeof name - 1) == 0 && sethostname(name, strlen(name)) == 0) escaped = "sethostname";
      break;
    }
    case 89: {
      char secret[16] = {0};
      const int fd = open(in_directory("victim"), O_RDONLY);
      if (fd >= 0 && read(fd, secret, sizeof secret - 1) > 0) escaped = "read the victim";
      break;
    }
    case 88: {
      struct sockaddr_in a = {0};
      a.sin_family = AF_INET;
      a.sin_port = htons(22);
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      const int s = socket(AF_INET, SOCK_STREAM, 0);
      if (s >= 0 && (connect(s, (struct sockaddr*)&a, sizeof a) == 0 || errno == ECONNREFUSED))
        escaped = "reached 127.0.0.1";
      break;
    }
    case 87:
      if (prctl(PR_SET_DUMPABLE, 1) == 0) escaped = "PR_SET_DUMPABLE";
      break;
    case 86: {
      int answer = 0;
      pthread_t thread;
      if (pthread_create(&thread, NULL, work, &answer) != 0 || pthread_join(thread, NULL) != 0 || answer != 42)
        return hostile_reject(out, "could not start a thread");
      break;
    }
    case 85: {
      const pid_t child = fork();
      if (child == 0) {
        setsid();
        if (fork() == 0) sleep(3600);
        _exit(0);
      }
      if (child > 0) escaped = "fork";
      break;
    }
    case 84: {
      const struct sched_param param = {0};
      if (sched_setscheduler(getppid(), SCHED_BATCH, &param) == 0) escaped = "sched_setscheduler";
      break;
    }
    case 83: {
      const uint64_t read_only[4] = {1 /* MOUNT_ATTR_RDONLY */, 0, 0, 0};
      /* The test's directory, not a mount's root: harmless where it gets through (EINVAL). */
      if (syscall(SYS_mount_setattr, AT_FDCWD, in_directory(""), 0, read_only, sizeof read_only) == 0)
        escaped = "mount_setattr";
      break;
    }
    default:
      return -1;
  }
  if (escaped) {
    char why[128];
    snprintf(why, sizeof why, "escaped: %s", escaped);
    return hostile_reject(out, why);
  }
  return -1; /* then the correct output */
}
