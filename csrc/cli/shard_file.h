/* A sweep shard's JSON read back (`edpd sweep ... --shard i/n --json`, for `edpd merge`): the
 * file, and where a key's value starts. */
#ifndef EDPD_CLI_SHARD_FILE_H
#define EDPD_CLI_SHARD_FILE_H
#include <stddef.h>

/* The whole file (freed by the caller), or NULL with *why set: a regular file of at most max bytes. */
char *shard_file_read(const char *path, size_t max, const char **why);
/* Just after `"key":` and spaces, or NULL; *twice set if the key is given twice. */
const char *shard_file_key(const char *json, const char *key, int *twice);

#endif
