/* Sine and cosine from + - * / only, so that an oscillating plane moves by the same bits natively
 * and in WebAssembly (libm's sin may round differently from one library to the next). */
#ifndef EDPD_BASE_DET_TRIG_H
#define EDPD_BASE_DET_TRIG_H

/* sin x and cos x for |x| <= 1e9 (within 2 ulp of the true values for |x| up to 1e6; beyond,
 * the reduction by pi/2 loses the bits the argument has not got). */
void ed_det_sincos(double x, double *s, double *c);

#endif
