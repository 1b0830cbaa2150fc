#ifndef EDPD_CLI_TABLE_MERGE_H
#define EDPD_CLI_TABLE_MERGE_H
/* edpd merge of vibrating-table sweep shards (table_merge.c): the files, --json; the exit code. */
int cmd_table_merge(int nfiles, char **files, int json);
#define TABLE_MAX_BYTES (1u << 26)  /* the largest table shard merge reads: 64 MB, some 3 million phases */
#endif
