#ifndef EDPD_CLI_TABLE_MERGE_H
#define EDPD_CLI_TABLE_MERGE_H
/* edpd merge of vibrating-table sweep shards (table_merge.c): the files, --json; the exit code. */
int cmd_table_merge(int nfiles, char **files, int json);
#endif
