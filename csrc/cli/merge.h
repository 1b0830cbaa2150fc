#ifndef EDPD_CLI_MERGE_H
#define EDPD_CLI_MERGE_H
/* edpd merge shard.json ... [--json]: combine sweep shards into one result. */
int cmd_merge(int argc, char **argv);
#endif
