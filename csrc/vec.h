/* 3-vector helpers. Only + - * / are used so that native and WebAssembly builds round
 * identically (compile with -ffp-contract=off). */
#ifndef EDPD_VEC_H
#define EDPD_VEC_H

typedef struct vec3 { double x, y, z; } vec3;

static inline vec3 v3(double x, double y, double z) { vec3 r = {x, y, z}; return r; }
static inline vec3 v3_add(vec3 a, vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static inline vec3 v3_sub(vec3 a, vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static inline vec3 v3_scale(vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static inline double v3_dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline double v3_get(vec3 a, int k) { return k == 0 ? a.x : (k == 1 ? a.y : a.z); }
static inline void v3_set(vec3 *a, int k, double s) {
    if (k == 0) a->x = s; else if (k == 1) a->y = s; else a->z = s;
}

#endif
