/* The configuration's fields in one table: name, type, range, default and a line of help. The
 * core validates by it (setup/config.c), the CLI derives its flags and their help from it
 * (cli/main.c), and the WebAssembly module exports it, with each field's place in edpd_config,
 * so that the JavaScript wrapper, the app's link codec and its controls derive from it too
 * (web/src/edpd.js). A bad value gets the same message everywhere. */
#ifndef EDPD_SCHEMA_H
#define EDPD_SCHEMA_H
#include "edpd.h"
#include <stddef.h>

typedef enum edpd_field_type {
    EDPD_FIELD_ENUM,      /* an int; `values` names each */
    EDPD_FIELD_INT,       /* an int */
    EDPD_FIELD_U32,       /* a uint32_t */
    EDPD_FIELD_DOUBLE,    /* a double */
    EDPD_FIELD_GRAVITY,   /* gravity[2] as a magnitude along -z: the value g is stored as -g */
} edpd_field_type;

typedef struct edpd_field {
    const char *name;     /* edpd_config's and the JSON's: packing_fraction */
    const char *js;       /* the JavaScript API's: packingFraction */
    const char *flag;     /* the CLI's: --packing-fraction; NULL: no flag */
    edpd_field_type type;
    double min, max;      /* the range, both ends included (the scenario may narrow it) */
    const char *const *values;  /* EDPD_FIELD_ENUM: the names, NULL-terminated */
    size_t offset;        /* in edpd_config */
    const char *help;     /* one line */
} edpd_field;

extern EDPD_API const edpd_field EDPD_FIELDS[];
extern EDPD_API const int EDPD_FIELD_COUNT;

/* The field of a name, a JavaScript name or a CLI flag; NULL if none. */
EDPD_API const edpd_field *edpd_field_named(const char *name);
EDPD_API const edpd_field *edpd_field_of_flag(const char *flag);

/* A field's value in a config, as a double (an enum: its index). */
EDPD_API double edpd_field_get(const edpd_config *c, const edpd_field *f);
/* Sets it after checking the range: EDPD_OK, or EDPD_ERR_INVALID with err naming the field
 * ("packing_fraction: must be in [1e-06, 0.64], got 0.9"). */
EDPD_API edpd_code edpd_field_set(edpd_config *c, const edpd_field *f, double value, edpd_error *err);
/* The range check alone, with the same message. */
EDPD_API edpd_code edpd_field_check(const edpd_field *f, double value, edpd_error *err);
/* A stepped potential's steps from "radius energy; ..." (edpd_parse_steps, the CLI's --steps), and
 * the potential set to steps: the one list the table's numeric fields cannot hold. */
EDPD_API edpd_code edpd_config_set_steps(edpd_config *c, const char *text, edpd_error *err);
/* A mixture's species from "count diameter [mass]; ..." (edpd_parse_species, the CLI's --species),
 * and n set to the counts' sum (one more for a box's intruder, if c has one already). */
EDPD_API edpd_code edpd_config_set_species(edpd_config *c, const char *text, edpd_error *err);
/* A box's walls' restitutions, each its own, from "X- X+ Y- Y+ [Z- Z+]" (the CLI's
 * --wall-restitutions): 2 dim numbers in [0, 1], into wall_restitutions; EDPD_ERR_INVALID (field
 * "wall_restitutions") if the text is not that. A wall of an axis without walls is not used. */
EDPD_API edpd_code edpd_config_set_wall_restitutions(edpd_config *c, const char *text, edpd_error *err);
/* An enum field's index of a name, or -1. */
EDPD_API int edpd_field_value(const edpd_field *f, const char *name);

/* The statistics (edpd_stats) by name, for readers outside C: the WebAssembly wrapper reads
 * each from its place in the struct. */
typedef enum edpd_stat_type { EDPD_STAT_DOUBLE, EDPD_STAT_U32, EDPD_STAT_U64, EDPD_STAT_HASH } edpd_stat_type;
typedef struct edpd_stat_field { const char *name, *js; edpd_stat_type type; size_t offset; } edpd_stat_field;
extern EDPD_API const edpd_stat_field EDPD_STATS_FIELDS[];
extern EDPD_API const int EDPD_STATS_FIELD_COUNT;

/* Both tables as JSON, {"config": [...], "stats": [...]} (a config field: name, js, flag, type,
 * min, max, values, offset, default per scenario, help; a statistic: name, js, type, offset) and
 * the size of edpd_config and edpd_stats; like snprintf: the full length, at most cap bytes. */
EDPD_API size_t edpd_schema_json(char *buf, size_t cap);

#endif
