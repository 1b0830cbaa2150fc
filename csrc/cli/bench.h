#ifndef EDPD_CLI_BENCH_H
#define EDPD_CLI_BENCH_H
/* edpd bench: events/s and collisions/s of fixed cases (npm run bench, docs/performance.md). */
int cmd_bench(int argc, char **argv);
#endif
