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

/* d brought into [-L/2, L/2] on a periodic axis of length L (half = L/2), without branches: d - L,
 * d + L or d exactly, as the branchy minimum image; on an open axis L = 0 and half = +inf. */
static inline double wrap_branchless(double d, double L, double half) {
    return d - ((d > half ? L : 0.0) - (d < -half ? L : 0.0));
}

#ifdef __SSE2__
/* Two doubles as one value (the vector extension of gcc and clang; SSE2 is in every x86-64): the
 * hot loops handle x and y together and z alone, lane-wise IEEE arithmetic in the scalar code's
 * order, so that the results are those of the scalar code bit for bit. WebAssembly keeps the
 * scalar code: there the packed form gains nothing. */
typedef double v2d __attribute__((vector_size(16)));
typedef long long v2i __attribute__((vector_size(16)));
static inline v2d v2_load(const double *a) { v2d r; __builtin_memcpy(&r, a, sizeof r); return r; }
static inline v2d v2_splat(double a) { v2d r = {a, a}; return r; }
/* The minimum image without branches (whether a neighbour lies across the box edge is a coin
 * toss): d - (L, -L or 0), exact; `half` is L/2 on periodic axes, +inf (and L 0) on others. */
static inline v2d v2_wrap(v2d d, v2d L, v2d half) {
    v2i up = d > half, down = d < -half;
    return d - ((v2d)((v2i)L & up) - (v2d)((v2i)L & down));
}
#endif

#endif
