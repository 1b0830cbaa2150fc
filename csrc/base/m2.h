/* Two doubles in one register, for code that computes two things at once without branches (the
 * stable scan: two candidate pairs). Three forms with the same results bit for bit:
 * SSE2 intrinsics natively on x86-64, WebAssembly's 128-bit SIMD where the module is built with
 * it, and a pair of doubles anywhere else. Every operation is lane-wise IEEE arithmetic or a
 * select on a mask (all ones or all zeros per lane, from a comparison). Selects stay in the
 * vector registers: V8 compiles a scalar double's select to a branch. m2_min and m2_max are
 * x86's minpd and maxpd (the second operand if either is NaN), in every form. EDPD_M2_PORTABLE picks
 * the pair of doubles everywhere (the tests compare the forms). */
#ifndef EDPD_M2_H
#define EDPD_M2_H
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && !defined(EDPD_M2_PORTABLE)
#include <emmintrin.h>
typedef __m128d m2;
static inline m2 m2_set(double lo, double hi) { return _mm_set_pd(hi, lo); }
static inline m2 m2_splat(double a) { return _mm_set1_pd(a); }
static inline m2 m2_load(const double *p) { return _mm_loadu_pd(p); }
static inline double m2_lo(m2 a) { return _mm_cvtsd_f64(a); }
static inline double m2_hi(m2 a) { return _mm_cvtsd_f64(_mm_unpackhi_pd(a, a)); }
static inline m2 m2_add(m2 a, m2 b) { return _mm_add_pd(a, b); }
static inline m2 m2_sub(m2 a, m2 b) { return _mm_sub_pd(a, b); }
static inline m2 m2_mul(m2 a, m2 b) { return _mm_mul_pd(a, b); }
static inline m2 m2_div(m2 a, m2 b) { return _mm_div_pd(a, b); }
static inline m2 m2_sqrt(m2 a) { return _mm_sqrt_pd(a); }
static inline m2 m2_min(m2 a, m2 b) { return _mm_min_pd(a, b); }   /* a < b ? a : b */
static inline m2 m2_max(m2 a, m2 b) { return _mm_max_pd(a, b); }   /* a > b ? a : b */
static inline m2 m2_xor(m2 a, m2 b) { return _mm_xor_pd(a, b); }
static inline m2 m2_lt(m2 a, m2 b) { return _mm_cmplt_pd(a, b); }
static inline m2 m2_le(m2 a, m2 b) { return _mm_cmple_pd(a, b); }
static inline m2 m2_and(m2 a, m2 b) { return _mm_and_pd(a, b); }
static inline m2 m2_or(m2 a, m2 b) { return _mm_or_pd(a, b); }
static inline m2 m2_andnot(m2 mask, m2 a) { return _mm_andnot_pd(mask, a); }  /* a where mask is clear */
static inline m2 m2_swap(m2 a) { return _mm_shuffle_pd(a, a, 1); }                /* (hi, lo) */
static inline int m2_lo_set(m2 mask) { return _mm_movemask_pd(mask) & 1; }
static inline int m2_bits_set(m2 mask) { return _mm_movemask_pd(mask); }           /* lane 0: bit 0, lane 1: bit 1 */
static inline m2 m2_los(m2 a, m2 b) { return _mm_unpacklo_pd(a, b); }              /* (a lo, b lo) */
static inline m2 m2_his(m2 a, m2 b) { return _mm_unpackhi_pd(a, b); }              /* (a hi, b hi) */
#elif defined(__wasm_simd128__) && !defined(EDPD_M2_PORTABLE)
#include <wasm_simd128.h>
typedef v128_t m2;
static inline m2 m2_set(double lo, double hi) { return wasm_f64x2_make(lo, hi); }
static inline m2 m2_splat(double a) { return wasm_f64x2_splat(a); }
static inline m2 m2_load(const double *p) { return wasm_v128_load(p); }
static inline double m2_lo(m2 a) { return wasm_f64x2_extract_lane(a, 0); }
static inline double m2_hi(m2 a) { return wasm_f64x2_extract_lane(a, 1); }
static inline m2 m2_add(m2 a, m2 b) { return wasm_f64x2_add(a, b); }
static inline m2 m2_sub(m2 a, m2 b) { return wasm_f64x2_sub(a, b); }
static inline m2 m2_mul(m2 a, m2 b) { return wasm_f64x2_mul(a, b); }
static inline m2 m2_div(m2 a, m2 b) { return wasm_f64x2_div(a, b); }
static inline m2 m2_sqrt(m2 a) { return wasm_f64x2_sqrt(a); }
static inline m2 m2_min(m2 a, m2 b) { return wasm_f64x2_pmin(b, a); }  /* pmin(b, a) = a < b ? a : b */
static inline m2 m2_max(m2 a, m2 b) { return wasm_f64x2_pmax(b, a); }  /* pmax(b, a) = b < a ? a : b */
static inline m2 m2_xor(m2 a, m2 b) { return wasm_v128_xor(a, b); }
static inline m2 m2_lt(m2 a, m2 b) { return wasm_f64x2_lt(a, b); }
static inline m2 m2_le(m2 a, m2 b) { return wasm_f64x2_le(a, b); }
static inline m2 m2_and(m2 a, m2 b) { return wasm_v128_and(a, b); }
static inline m2 m2_or(m2 a, m2 b) { return wasm_v128_or(a, b); }
static inline m2 m2_andnot(m2 mask, m2 a) { return wasm_v128_andnot(a, mask); }
static inline m2 m2_swap(m2 a) { return wasm_i64x2_shuffle(a, a, 1, 0); }
static inline int m2_lo_set(m2 mask) { return (int)(wasm_i64x2_extract_lane(mask, 0) & 1); }
static inline int m2_bits_set(m2 mask) { return (int)wasm_i64x2_bitmask(mask); }
static inline m2 m2_los(m2 a, m2 b) { return wasm_i64x2_shuffle(a, b, 0, 2); }
static inline m2 m2_his(m2 a, m2 b) { return wasm_i64x2_shuffle(a, b, 1, 3); }
#else
#include <math.h>
typedef struct m2 { double v[2]; } m2;
static inline m2 m2_set(double lo, double hi) { m2 r = {{lo, hi}}; return r; }
static inline m2 m2_splat(double a) { return m2_set(a, a); }
static inline m2 m2_load(const double *p) { return m2_set(p[0], p[1]); }
static inline double m2_lo(m2 a) { return a.v[0]; }
static inline double m2_hi(m2 a) { return a.v[1]; }
static inline m2 m2_add(m2 a, m2 b) { return m2_set(a.v[0] + b.v[0], a.v[1] + b.v[1]); }
static inline m2 m2_sub(m2 a, m2 b) { return m2_set(a.v[0] - b.v[0], a.v[1] - b.v[1]); }
static inline m2 m2_mul(m2 a, m2 b) { return m2_set(a.v[0] * b.v[0], a.v[1] * b.v[1]); }
static inline m2 m2_div(m2 a, m2 b) { return m2_set(a.v[0] / b.v[0], a.v[1] / b.v[1]); }
static inline m2 m2_sqrt(m2 a) { return m2_set(sqrt(a.v[0]), sqrt(a.v[1])); }
static inline m2 m2_min(m2 a, m2 b) { return m2_set(a.v[0] < b.v[0] ? a.v[0] : b.v[0], a.v[1] < b.v[1] ? a.v[1] : b.v[1]); }
static inline m2 m2_max(m2 a, m2 b) { return m2_set(a.v[0] > b.v[0] ? a.v[0] : b.v[0], a.v[1] > b.v[1] ? a.v[1] : b.v[1]); }
static inline double m2_bits(uint64_t u) { double d; memcpy(&d, &u, sizeof d); return d; }
static inline uint64_t m2_u(double d) { uint64_t u; memcpy(&u, &d, sizeof u); return u; }
static inline m2 m2_mask(int lo, int hi) { return m2_set(m2_bits(-(uint64_t)lo), m2_bits(-(uint64_t)hi)); }
static inline m2 m2_lt(m2 a, m2 b) { return m2_mask(a.v[0] < b.v[0], a.v[1] < b.v[1]); }
static inline m2 m2_le(m2 a, m2 b) { return m2_mask(a.v[0] <= b.v[0], a.v[1] <= b.v[1]); }
static inline m2 m2_and(m2 a, m2 b) { return m2_set(m2_bits(m2_u(a.v[0]) & m2_u(b.v[0])), m2_bits(m2_u(a.v[1]) & m2_u(b.v[1]))); }
static inline m2 m2_or(m2 a, m2 b) { return m2_set(m2_bits(m2_u(a.v[0]) | m2_u(b.v[0])), m2_bits(m2_u(a.v[1]) | m2_u(b.v[1]))); }
static inline m2 m2_andnot(m2 mask, m2 a) { return m2_set(m2_bits(~m2_u(mask.v[0]) & m2_u(a.v[0])), m2_bits(~m2_u(mask.v[1]) & m2_u(a.v[1]))); }
static inline m2 m2_xor(m2 a, m2 b) { return m2_set(m2_bits(m2_u(a.v[0]) ^ m2_u(b.v[0])), m2_bits(m2_u(a.v[1]) ^ m2_u(b.v[1]))); }
static inline m2 m2_swap(m2 a) { return m2_set(a.v[1], a.v[0]); }
static inline int m2_lo_set(m2 mask) { return (int)(m2_u(mask.v[0]) & 1); }
static inline int m2_bits_set(m2 mask) { return (int)((m2_u(mask.v[0]) & 1) | ((m2_u(mask.v[1]) & 1) << 1)); }
static inline m2 m2_los(m2 a, m2 b) { return m2_set(a.v[0], b.v[0]); }
static inline m2 m2_his(m2 a, m2 b) { return m2_set(a.v[1], b.v[1]); }
#endif

/* a where mask is set, else b */
static inline m2 m2_select(m2 mask, m2 a, m2 b) { return m2_or(m2_and(mask, a), m2_andnot(mask, b)); }

#endif
