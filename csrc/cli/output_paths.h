/* The files a run names (output_paths.c): each output named once, and none of them the state file
 * it loads, checked before anything is opened. Two outputs on one file would interleave into
 * nonsense; an output on the input would replace the state the run started from. */
#ifndef EDPD_CLI_OUTPUT_PATHS_H
#define EDPD_CLI_OUTPUT_PATHS_H
#include <stddef.h>

/* flags[k] names paths[k] (NULL: not given); input: --load's file or NULL. 1, or 0 with the two
 * flags and the file named in m. */
int output_paths_check(const char *const *flags, const char *const *paths, int n, const char *input, char *m, size_t len);

#endif
