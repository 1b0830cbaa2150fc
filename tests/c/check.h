/* A tiny test harness: CHECK(cond, fmt, ...) records a failure with a message and goes on;
 * TEST / RUN name the cases; main() ends with check_report(), which prints "N passed, N failed"
 * and sets the exit code. */
#ifndef EDPD_CHECK_H
#define EDPD_CHECK_H
#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond, ...) do { \
    if (cond) check_passed++; \
    else { check_failed++; fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
           fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } \
} while (0)

#define CHECK_NEAR(a, b, tol, what) do { double a_ = (a), b_ = (b); \
    CHECK(fabs(a_ - b_) <= (tol), "%s: %.17g vs %.17g (tolerance %g)", what, a_, b_, (double)(tol)); } while (0)

/* Named cases: TEST(name) { ... } defines one, RUN(name) runs it and prints its name with ok or
 * FAIL, so that a failing case is named in the output as well as its failing CHECK. */
#define TEST(name) static void test_##name(void)
#define RUN(name) do { int failed_before_ = check_failed; test_##name(); \
    printf("%s %s\n", check_failed == failed_before_ ? "ok  " : "FAIL", #name); } while (0)

static inline int check_report(const char *suite) {
    printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
    return check_failed ? 1 : 0;
}
#endif
