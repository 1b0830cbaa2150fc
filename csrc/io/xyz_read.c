/* Reads a frame of extended XYZ: the particle count; a comment line of key=value pairs
 * (Lattice, pbc, Origin, Properties, Time, and edpd's own dim, gravity, planes, restitution and
 * tc); then one row per particle with the columns Properties names (name:type:count, types S, R,
 * I or L). Only pos is required; velo, radius and mass (or masses) are used when present, every
 * other column is skipped. Strict: a row with too few or too many fields, a number that does not
 * parse, a box that is not orthogonal, a key or column given twice, a value too long to keep, a
 * line that is no UTF-8 text are errors naming the line; so is any fault in the frames before the
 * one wanted. Positions off a periodic box are wrapped into it, exactly or not at all. Messages name the
 * file (or stream) and line, not the caller's flag: the CLI puts "--load: " before them. */
#define _POSIX_C_SOURCE 200809L  /* getline, strtok_r, strncasecmp */
#include "edpd/xyz.h"
#include "edpd/edpd.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/types.h>

#define MAX_COLUMNS 64

typedef struct reader {
    FILE *f;
    const char *path;
    char *line;
    size_t cap;
    long number;
    char *err;
    size_t errlen;
    int binary;     /* next_line met a line that is no text (its message is in err) */
    char *value;    /* VALUE_MAX bytes: a comment-line value */
} reader;

static int fail(reader *r, const char *fmt, ...) {
    char m[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    if (r->number > 0) snprintf(r->err, r->errlen, "%s, line %ld: %s", r->path, r->number, m);
    else snprintf(r->err, r->errlen, "%s: %s", r->path, m);
    return 0;
}

/* The next line without its end (\n or \r\n), or NULL at the end of the file (or at a line
 * that is no text: r->binary set, r->err says why). */
static char *next_line(reader *r) {
    ssize_t k = getline(&r->line, &r->cap, r->f);
    if (k < 0) return NULL;
    r->number++;
    /* a NUL byte (UTF-16 text has one in every ASCII character) would end the line early for
     * every string function: UTF-16 would be read as something else */
    if (memchr(r->line, '\0', (size_t)k) || (r->number == 1 && k >= 2 && ((unsigned char)r->line[0] == 0xFF || (unsigned char)r->line[0] == 0xFE))) {
        r->binary = 1;
        fail(r, "not a text file in UTF-8 or ASCII (a NUL byte, or a UTF-16 byte-order mark): save it as UTF-8");
        return NULL;
    }
    while (k > 0 && (r->line[k - 1] == '\n' || r->line[k - 1] == '\r')) r->line[--k] = '\0';
    /* a UTF-8 byte-order mark (Windows editors write one) is not part of the particle count */
    if (r->number == 1 && k >= 3 && memcmp(r->line, "\xEF\xBB\xBF", 3) == 0) memmove(r->line, r->line + 3, (size_t)k - 2);
    return r->line;
}

/* A whole token as a finite double. */
static int parse_double(const char *tok, double *out) {
    char *end;
    double x = strtod(tok, &end);
    if (end == tok || *end != '\0' || !isfinite(x)) return 0;
    *out = x;
    return 1;
}

/* Splits s at blanks into at most max tokens (s is modified); returns the count, max + 1 if more. */
static int split(char *s, char **tok, int max) {
    int n = 0;
    for (char *p = strtok(s, " \t"); p; p = strtok(NULL, " \t")) {
        if (n == max) return max + 1;
        tok[n++] = p;
    }
    return n;
}

/* The comment line's next key=value pair from *at (value unquoted, not terminated): 1, or 0 at
 * the end. Bare words are skipped. */
static int next_pair(const char **at, const char **k, size_t *klen, const char **v, size_t *vlen) {
    const char *p = *at;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) { *at = p; return 0; }
        *k = p;
        while (*p && *p != '=' && *p != ' ' && *p != '\t') p++;
        *klen = (size_t)(p - *k);
        if (*p == '=') break;
        while (*p && *p != ' ' && *p != '\t') p++;  /* a bare word */
    }
    p++;
    if (*p == '"') {
        *v = ++p;
        while (*p && *p != '"') p++;
        *vlen = (size_t)(p - *v);
        if (*p) p++;
    } else {
        *v = p;
        while (*p && *p != ' ' && *p != '\t') p++;
        *vlen = (size_t)(p - *v);
    }
    *at = p;
    return 1;
}

static int key_is(const char *k, size_t klen, const char *key) { return klen == strlen(key) && strncasecmp(k, key, klen) == 0; }

/* The comment line's value for key (case-insensitive), unquoted, in out; 0 if absent
 * (check_keys has made sure it is there at most once and fits). */
static int info_value(const char *line, const char *key, char *out, size_t len) {
    const char *p = line, *k, *v;
    size_t klen, vlen;
    while (next_pair(&p, &k, &klen, &v, &vlen))
        if (key_is(k, klen, key)) {
            if (vlen >= len) vlen = len - 1;
            memcpy(out, v, vlen);
            out[vlen] = '\0';
            return 1;
        }
    return 0;
}

#define VALUE_MAX 16384  /* planes: 64 of "nx ny nz offset restitution" at 17 digits (~8 kB) */
static const char *const KEYS_READ[] = {"Lattice", "pbc", "Origin", "dim", "Time", "restitution", "tc", "gravity", "planes", "Properties",
                                        "potential", "well_width", "well_depth", "steps", "bond_exceptions", NULL};

/* Each key the reader uses is given at most once and fits its buffer: a second value, or the end
 * of a longer one, would otherwise be dropped without a word (Lz=12345 read as 12). */
static int check_keys(reader *r, const char *line) {
    for (int q = 0; KEYS_READ[q]; q++) {
        const char *p = line, *k, *v;
        size_t klen, vlen;
        int count = 0;
        while (next_pair(&p, &k, &klen, &v, &vlen))
            if (key_is(k, klen, KEYS_READ[q])) {
                if (++count > 1) return fail(r, "%s is given twice in the comment line: give it once", KEYS_READ[q]);
                if (vlen >= VALUE_MAX) return fail(r, "%s: its value is longer than %d characters", KEYS_READ[q], VALUE_MAX - 1);
            }
    }
    return 1;
}

/* n numbers from a blank-separated value (Lattice, Origin). */
static int numbers(char *value, double *out, int n) {
    char *tok[10];
    if (split(value, tok, 9) != n) return 0;
    for (int k = 0; k < n; k++)
        if (!parse_double(tok[k], &out[k])) return 0;
    return 1;
}

typedef struct columns {
    int total;                          /* fields per row */
    int pos, velo, radius, mass, plate; /* first field of each, -1 if absent */
} columns;

static int parse_properties(reader *r, char *spec, columns *c) {
    c->total = 0;
    c->pos = c->velo = c->radius = c->mass = c->plate = -1;
    char *save = NULL;
    for (char *name = strtok_r(spec, ":", &save); name; name = strtok_r(NULL, ":", &save)) {
        char *type = strtok_r(NULL, ":", &save), *count = strtok_r(NULL, ":", &save);
        char *end;
        long k = count ? strtol(count, &end, 10) : 0;
        if (!type || !count || *end || k < 1 || k > 9 || strlen(type) != 1 || !strchr("SRIL", toupper((unsigned char)*type)))
            return fail(r, "Properties must be name:type:count triples (type S, R, I or L; count 1 to 9), e.g. species:S:1:pos:R:3");
        int real = toupper((unsigned char)*type) == 'R';
        int *known = strcasecmp(name, "pos") == 0 ? &c->pos : strcasecmp(name, "velo") == 0 ? &c->velo
                   : strcasecmp(name, "radius") == 0 ? &c->radius : strcasecmp(name, "mass") == 0 || strcasecmp(name, "masses") == 0 ? &c->mass
                   : strcasecmp(name, "plate") == 0 ? &c->plate : NULL;
        if (known && *known >= 0) return fail(r, "Properties: %s is given twice: which one is meant?", name);
        if (strcasecmp(name, "pos") == 0) { if (!real || k != 3) return fail(r, "Properties: pos must be R:3"); c->pos = c->total; }
        else if (strcasecmp(name, "velo") == 0) { if (!real || k != 3) return fail(r, "Properties: velo must be R:3"); c->velo = c->total; }
        else if (strcasecmp(name, "radius") == 0) { if (!real || k != 1) return fail(r, "Properties: radius must be R:1"); c->radius = c->total; }
        else if (strcasecmp(name, "mass") == 0 || strcasecmp(name, "masses") == 0) { if (!real || k != 1) return fail(r, "Properties: mass must be R:1"); c->mass = c->total; }
        else if (strcasecmp(name, "plate") == 0) { if (!real || k != 5) return fail(r, "Properties: plate must be R:5 (a particle's own plate: nx ny nz offset restitution)"); c->plate = c->total; }
        c->total += (int)k;
        if (c->total > MAX_COLUMNS) return fail(r, "Properties: more than %d columns", MAX_COLUMNS);
    }
    if (c->pos < 0) return fail(r, "Properties has no pos:R:3 column (the positions)");
    return 1;
}

/* A plane n·x = offset written in the file's frame, whose positions are x = r + Origin for the box's
 * r (the box is [0, L) from Origin): in the box's frame n·r = offset - n·Origin. edpd writes
 * Origin 0, so its own files read back exactly. */
static double plane_offset_in_box(const double v[5], const double origin[3]) {
    return v[3] - (v[0] * origin[0] + v[1] * origin[1] + v[2] * origin[2]);
}

/* A stepped potential (potential=, well_width=, well_depth=, steps=) and the pairs whose logical
 * shell the distances do not tell (bond_exceptions=, what edpd_write_xyz lists): 1, or 0 refused. */
static int read_potential(reader *r, const char *line, edpd_xyz_state *s, char *value, size_t len) {
    s->potential = EDPD_POTENTIAL_HARD;
    s->well_width = 1.5; s->well_depth = 1.0;
    s->step_count = s->bond_count = 0;
    /* a potential's own keys only beside that potential: a key read by none would be a silent drop */
    char named[32] = "hard-sphere";
    if (info_value(line, "potential", value, len)) snprintf(named, sizeof named, "%s", value);
    static const char *const own[][2] = {{"well_width", "square-well"}, {"well_depth", "square-well"}, {"steps", "steps"}};
    for (int k = 0; k < 3; k++)
        if (info_value(line, own[k][0], value, len) && strcmp(named, own[k][1]) != 0)
            return fail(r, "%s= belongs to potential=%s, but this file's potential is %s", own[k][0], own[k][1], named);
    if (strcmp(named, "hard-sphere") == 0 && info_value(line, "bond_exceptions", value, len))
        return fail(r, "bond_exceptions= needs a stepped potential (potential=square-well or steps): hard spheres have no logical states");
    if (!info_value(line, "potential", value, len)) return 1;
    if (strcmp(value, "square-well") == 0) {
        s->potential = EDPD_POTENTIAL_SQUARE_WELL;
        if (!info_value(line, "well_width", value, len) || !numbers(value, &s->well_width, 1))
            return fail(r, "potential=square-well needs well_width=LAMBDA (a number)");
        if (!info_value(line, "well_depth", value, len) || !numbers(value, &s->well_depth, 1))
            return fail(r, "potential=square-well needs well_depth=EPSILON (a number)");
    } else if (strcmp(value, "steps") == 0) {
        s->potential = EDPD_POTENTIAL_STEPS;
        if (!info_value(line, "steps", value, len)) return fail(r, "potential=steps needs steps=\"radius energy; ...\"");
        edpd_error e;
        if (edpd_parse_steps(value, s->steps, &s->step_count, &e) != EDPD_OK) return fail(r, "%s", e.message);
    } else if (strcmp(value, "hard-sphere") != 0) {
        return fail(r, "potential must be hard-sphere, square-well or steps");
    }
    if (!info_value(line, "bond_exceptions", value, len)) return 1;
    if (strncmp(value, "more than", 9) == 0)
        return fail(r, "bond_exceptions: more than %u pairs' logical states differ from their distances: the file cannot carry them", EDPD_XYZ_MAX_EXCEPTIONS);
    char *save = NULL;
    for (char *one = strtok_r(value, ";", &save); one; one = strtok_r(NULL, ";", &save)) {
        double v[3];
        if (s->bond_count == EDPD_XYZ_MAX_EXCEPTIONS) return fail(r, "bond_exceptions: more than %u entries", EDPD_XYZ_MAX_EXCEPTIONS);
        if (!numbers(one, v, 3) || v[0] < 0 || v[1] < 0 || v[2] < 0 || v[0] > 4294967295.0 || v[1] > 4294967295.0 || v[2] > 255 ||
            v[0] != floor(v[0]) || v[1] != floor(v[1]) || v[2] != floor(v[2]))
            return fail(r, "bond_exceptions must be \"i j shell\" entries (whole numbers) separated by ';'");
        for (int a = 0; a < 3; a++) s->bonds[3 * s->bond_count + a] = (uint32_t)v[a];
        s->bond_count++;
    }
    return 1;  /* the core checks the particles and shells (edpd_create: bonds) */
}

/* The header of frame k, whose count line has been read into `line`. */
static int read_header(reader *r, char *line, int k, edpd_xyz_state *s, columns *c, double origin[3]) {
    char *end;
    errno = 0;
    while (*line == ' ' || *line == '\t') line++;
    unsigned long long n = strtoull(line, &end, 10);
    while (*end == ' ' || *end == '\t') end++;
    if (end == line || *end || errno || *line == '-' || n < 1 || n > EDPD_MAX_N) {
        if (k == 0) return fail(r, "the first line must be the particle count, an integer in [1, %u]", EDPD_MAX_N);
        return fail(r, "frame %d: its first line must be the particle count, an integer in [1, %u] (or the frame before has more rows than its count)", k, EDPD_MAX_N);
    }
    s->n = (uint32_t)n;
    line = next_line(r);
    if (!line) return r->binary ? 0 : fail(r, "no comment line after the count (it holds Lattice, pbc and Properties)");
    char *value = r->value;
    const size_t value_size = VALUE_MAX;
    double lattice[9];
    if (!check_keys(r, line)) return 0;
    if (!info_value(line, "Lattice", value, value_size))
        return fail(r, "no Lattice=\"Lx 0 0 0 Ly 0 0 0 Lz\" in the comment line: the box is needed");
    if (!numbers(value, lattice, 9)) return fail(r, "Lattice must be 9 finite numbers");
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            if (a != b && lattice[3 * a + b] != 0.0) return fail(r, "Lattice: only orthogonal boxes (off-diagonal entries 0)");
    for (int a = 0; a < 3; a++) s->box[a] = lattice[4 * a];
    for (int a = 0; a < 3; a++) s->periodic[a] = 1;
    if (info_value(line, "pbc", value, value_size)) {
        char *tok[4];
        int k = split(value, tok, 3);
        for (int a = 0; a < 3 && k == 3; a++) {
            if (strcasecmp(tok[a], "T") == 0 || strcasecmp(tok[a], "true") == 0) s->periodic[a] = 1;
            else if (strcasecmp(tok[a], "F") == 0 || strcasecmp(tok[a], "false") == 0) s->periodic[a] = 0;
            else k = 0;
        }
        if (k != 3) return fail(r, "pbc must be three of T or F, e.g. pbc=\"T T T\"");
    }
    origin[0] = origin[1] = origin[2] = 0.0;
    if (info_value(line, "Origin", value, value_size) && !numbers(value, origin, 3))
        return fail(r, "Origin must be 3 finite numbers");
    s->dim = 0;
    if (info_value(line, "dim", value, value_size)) {
        if (strcmp(value, "2") == 0) s->dim = 2;
        else if (strcmp(value, "3") == 0) s->dim = 3;
        else return fail(r, "dim must be 2 or 3");
    }
    if (info_value(line, "Time", value, value_size) && (!numbers(value, &s->time, 1) || fabs(s->time) > EDPD_MAX_TIME))
        return fail(r, "Time must be a finite number in [-1e100, 1e100] (the state's clock)");
    s->restitution = s->tc = NAN;
    if (info_value(line, "restitution", value, value_size) && (!numbers(value, &s->restitution, 1) || s->restitution < 0.0 || s->restitution > 1.0))
        return fail(r, "restitution must be a number in [0, 1]");
    if (info_value(line, "tc", value, value_size) && (!numbers(value, &s->tc, 1) || s->tc < 0.0 || s->tc > 1e6))
        return fail(r, "tc must be a number in [0, 1e6]");
    if (info_value(line, "gravity", value, value_size)) {
        if (!numbers(value, s->gravity, 3)) return fail(r, "gravity must be 3 finite numbers");
        s->has_gravity = 1;
    }
    if (info_value(line, "planes", value, value_size)) {
        if (strcmp(value, "per-ball") == 0)  /* what edpd wrote for ball arrays before their plate column */
            return fail(r, "planes=per-ball: the file does not say where each ball's plate is (an edpd before 2026-11-24 wrote it); dump the run again");
        char *save = NULL;
        for (char *one = strtok_r(value, ";", &save); one; one = strtok_r(NULL, ";", &save)) {
            if (s->plane_count == EDPD_MAX_PLANES) return fail(r, "planes: more than %u", EDPD_MAX_PLANES);
            double v[8] = {0};
            char copy[512];
            snprintf(copy, sizeof copy, "%s", one);
            if (!numbers(copy, v, 8) && !numbers(one, v, 5))
                return fail(r, "planes must be \"nx ny nz offset restitution\" entries (an oscillating plane's followed by its amplitude, angular frequency and phase) separated by ';'");
            edpd_plane *pl = &s->planes[s->plane_count++];
            memset(pl, 0, sizeof *pl);
            for (int a = 0; a < 3; a++) pl->normal[a] = v[a];
            pl->offset = plane_offset_in_box(v, origin);
            pl->restitution = v[4];
            pl->amplitude = v[5]; pl->angular_frequency = v[6]; pl->phase = v[7];
        }
    }
    if (!read_potential(r, line, s, value, value_size)) return 0;
    strcpy(value, "species:S:1:pos:R:3");  /* the extended XYZ default */
    info_value(line, "Properties", value, value_size);
    return parse_properties(r, value, c);
}

int edpd_xyz_read(const char *path, int frame, edpd_xyz_state *s, char *err, size_t errlen) {
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "r");
    if (!f) {
        reader r = {NULL, path, NULL, 0, 0, err, errlen, 0, NULL};
        return fail(&r, "cannot read it (%s)", strerror(errno));
    }
    struct stat st;  /* a directory opens for reading on Linux; its first read fails with EISDIR */
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        reader r = {NULL, path, NULL, 0, 0, err, errlen, 0, NULL};
        return fail(&r, "is a directory (give one frame of extended XYZ, e.g. from --dump)");
    }
    int ok = edpd_xyz_read_stream(f, path, frame, s, err, errlen);
    fclose(f);
    return ok;
}

/* On a periodic axis the box is [0, L): an unwrapped position (a trajectory's) is wrapped into it
 * exactly (fmod is exact) or not at all: within 2^20 box lengths, whose wrap loses no bits that
 * matter (1e308 would say nothing about where in the box it is). */
#define WRAP_MAX 1048576.0
static int wrap_exactly(double *x, double L) {
    if (!(fabs(*x) <= WRAP_MAX * L)) return 0;
    double y = fmod(*x, L);
    if (y < 0.0) {
        double z = y + L;
        if (!(z < L) || z - L != y) return 0;  /* y + L rounds */
        y = z;
    }
    *x = y;
    return 1;
}

/* Frame k from r into s: 1 read, 0 refused (the message in r), -1 none (the stream ended, blank
 * lines aside, before a count line). */
static int read_frame(reader *r, int k, edpd_xyz_state *s) {
    char *line;
    while ((line = next_line(r)) && !line[strspn(line, " \t")]) {}
    if (!line) return r->binary ? 0 : -1;
    columns c = {0, -1, -1, -1, -1, -1};
    double origin[3];
    if (!read_header(r, line, k, s, &c, origin)) return 0;
    size_t n = s->n;
    s->positions = malloc(sizeof(double) * 3 * n);
    s->velocities = calloc(3 * n, sizeof(double));
    if (c.radius >= 0) s->diameters = malloc(sizeof(double) * n);
    if (c.mass >= 0) s->masses = malloc(sizeof(double) * n);
    if (c.plate >= 0) s->own_planes = malloc(sizeof(edpd_plane) * n);
    if (!s->positions || !s->velocities || (c.radius >= 0 && !s->diameters) || (c.mass >= 0 && !s->masses) || (c.plate >= 0 && !s->own_planes))
        return fail(r, "out of memory for %u particles", s->n);
    char *tok[MAX_COLUMNS + 1];
    for (uint32_t i = 0; i < s->n; i++) {
        line = next_line(r);
        if (!line && r->binary) return 0;
        if (!line) { r->number = 0; return fail(r, "ends after %u of %u particles%s", i, s->n, k ? " of its last frame" : ""); }
        int m = split(line, tok, MAX_COLUMNS);
        if (m != c.total) return fail(r, "%d fields, but Properties names %d", m > MAX_COLUMNS ? MAX_COLUMNS + 1 : m, c.total);
        double x;
        for (int a = 0; a < 3; a++) {
            if (!parse_double(tok[c.pos + a], &x)) return fail(r, "position '%s' is not a finite number", tok[c.pos + a]);
            x -= origin[a];
            if (s->periodic[a] && s->box[a] > 0.0 && (x < 0.0 || x >= s->box[a]) && !wrap_exactly(&x, s->box[a]))
                return fail(r, "position '%s' on the periodic axis %c lies %s box lengths away: wrap it into the box [0, %.17g)",
                            tok[c.pos + a], "xyz"[a], fabs(x) > WRAP_MAX * s->box[a] ? "more than 2^20" : "a rounding error beyond whole", s->box[a]);
            s->positions[3 * (size_t)i + a] = x;
            if (c.velo >= 0 && !parse_double(tok[c.velo + a], &s->velocities[3 * (size_t)i + a]))
                return fail(r, "velocity '%s' is not a finite number", tok[c.velo + a]);
        }
        if (s->diameters) {
            if (!parse_double(tok[c.radius], &x)) return fail(r, "radius '%s' is not a finite number", tok[c.radius]);
            s->diameters[i] = 2.0 * x;
        }
        if (s->masses && !parse_double(tok[c.mass], &s->masses[i])) return fail(r, "mass '%s' is not a finite number", tok[c.mass]);
        if (s->own_planes) {  /* the core checks the plane itself (edpd_create: own_planes) */
            double v[5];
            for (int a = 0; a < 5; a++)
                if (!parse_double(tok[c.plate + a], &v[a])) return fail(r, "plate '%s' is not a finite number", tok[c.plate + a]);
            edpd_plane *pl = &s->own_planes[i];
            memset(pl, 0, sizeof *pl);
            for (int a = 0; a < 3; a++) pl->normal[a] = v[a];
            pl->offset = plane_offset_in_box(v, origin);
            pl->restitution = v[4];
        }
    }
    return 1;
}

int edpd_xyz_read_stream(FILE *f, const char *name, int frame, edpd_xyz_state *s, char *err, size_t errlen) {
    memset(s, 0, sizeof *s);
    reader r = {f, name, NULL, 0, 0, err, errlen, 0, malloc(VALUE_MAX)};
    edpd_xyz_state next;
    int ok = 1, k = 0;
    if (!r.value) return fail(&r, "out of memory");
    /* every frame up to the one wanted is read and checked: a cut or garbled trajectory is
     * refused, naming its line, not loaded from a guess */
    for (;; k++) {
        memset(&next, 0, sizeof next);
        int got = read_frame(&r, k, &next);
        if (got == 0) { edpd_xyz_free(&next); ok = 0; break; }
        if (got < 0) {
            r.number = 0;
            if (k == 0) ok = fail(&r, "empty file (extended XYZ starts with the particle count)");
            else if (frame >= 0) ok = fail(&r, "has %d frame%s (0 to %d), not frame %d", k, k == 1 ? "" : "s", k - 1, frame);
            else if (frame == EDPD_XYZ_ONLY_FRAME && k > 1)
                ok = fail(&r, "has %d frames (a trajectory): pick one with --frame K (0 to %d, or last)", k, k - 1);
            break;
        }
        edpd_xyz_free(s);
        *s = next;
        s->frame = k;
        if (frame == k) break;
    }
    if (ok && frame < 0) s->frames = k;
    free(r.line);
    free(r.value);
    if (!ok) edpd_xyz_free(s);
    return ok;
}

void edpd_xyz_config(const edpd_xyz_state *s, edpd_config *c) {
    c->scenario = EDPD_SCENARIO_CUSTOM;
    c->n = s->n;
    c->dim = s->dim ? s->dim : 3;
    c->positions = s->positions;
    c->velocities = s->velocities;
    c->diameters = s->diameters;
    c->masses = s->masses;
    if (s->diameters) {  /* the unit of max_overlap: the largest diameter (sigma for a one-size gas) */
        c->diameter = s->diameters[0];
        for (uint32_t i = 1; i < s->n; i++) if (s->diameters[i] > c->diameter) c->diameter = s->diameters[i];
    }
    for (int k = 0; k < 3; k++) { c->box[k] = s->box[k]; c->periodic[k] = s->periodic[k]; }
    if (s->has_gravity) for (int k = 0; k < 3; k++) c->gravity[k] = s->gravity[k];
    /* the impacts' physics from the file (a dump has both), else elastic without the TC model */
    c->restitution = isnan(s->restitution) ? 1.0 : s->restitution;
    c->tc = isnan(s->tc) ? 0.0 : s->tc;
    c->planes = s->planes;
    c->plane_count = s->plane_count;
    c->own_planes = s->own_planes;
    /* a lone ball's own plate is written as the last of the planes; an oscillating one is its own
     * again (a ball chattering on its own plate locks on; on a shared plane a collapse stops the run) */
    if (s->n == 1 && !s->own_planes && s->plane_count > 0 && s->planes[s->plane_count - 1].amplitude != 0.0) {
        c->own_planes = &s->planes[s->plane_count - 1];
        c->plane_count = s->plane_count - 1;
    }
    c->start_time = s->time;
    c->potential = s->potential;
    c->well_width = s->well_width;
    c->well_depth = s->well_depth;
    c->step_count = s->step_count;
    for (uint32_t k = 0; k < s->step_count; k++) c->steps[k] = s->steps[k];
    c->bonds = s->bond_count ? s->bonds : NULL;
    c->bond_count = s->bond_count;
}

void edpd_xyz_free(edpd_xyz_state *s) {
    free(s->positions); free(s->velocities); free(s->diameters); free(s->masses); free(s->own_planes);
    s->positions = s->velocities = s->diameters = s->masses = NULL;
    s->own_planes = NULL;
}
