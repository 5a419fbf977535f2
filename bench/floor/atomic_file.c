/* What never leaving a half-written file under a final name costs the kernel, per 20 KB image written as libcurl
 * hands it over (16 KB, then 4 KB): "plain" is curl's tool (open the final name, write, close); "atomic" is rover's
 * (look the name up, write an unnamed O_TMPFILE file, link it under its name, close). Prints CPU microseconds per
 * file. Usage: atomic_file plain|atomic DIRECTORY FILES (DIRECTORY must not exist) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "plain") != 0 && strcmp(argv[1], "atomic") != 0)) {
        fprintf(stderr, "usage: atomic_file plain|atomic DIRECTORY FILES\n");
        return 2;
    }
    int atomic = strcmp(argv[1], "atomic") == 0, files = atoi(argv[3]);
    if (mkdir(argv[2], 0755) != 0) {
        perror(argv[2]);
        return 1;
    }
    int directory = open(argv[2], O_DIRECTORY | O_RDONLY);
    static char body[20480];
    memset(body, 0xA5, sizeof body);
    char name[32];
    double start = cpu_seconds();
    for (int index = 0; index < files; index++) {
        snprintf(name, sizeof name, "%06d.jpg", index);
        int file;
        if (atomic) {
            struct stat status;
            fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW);
            file = openat(directory, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0644);
        } else {
            file = openat(directory, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        }
        if (file < 0 || write(file, body, 16384) != 16384 || write(file, body + 16384, 4096) != 4096) {
            perror("atomic_file");
            return 1;
        }
        if (atomic && linkat(file, "", directory, name, AT_EMPTY_PATH) != 0) {
            char proc[64];
            snprintf(proc, sizeof proc, "/proc/self/fd/%d", file);
            if (linkat(AT_FDCWD, proc, directory, name, AT_SYMLINK_FOLLOW) != 0) {
                perror("linkat");
                return 1;
            }
        }
        close(file);
    }
    printf("%.2f\n", (cpu_seconds() - start) / files * 1e6);
    return 0;
}
