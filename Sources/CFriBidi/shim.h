#ifndef MAPWIRE_CFRIBIDI_SHIM_H
#define MAPWIRE_CFRIBIDI_SHIM_H
#include <fribidi.h>

/* FriBidi's flag sets and type tests are macros Swift does not import: named here as functions. */
static inline FriBidiFlags mapwire_fribidi_flags_arabic(void) { return FRIBIDI_FLAGS_ARABIC; }
static inline FriBidiFlags mapwire_fribidi_flags_reorder(void) { return FRIBIDI_FLAG_REORDER_NSM; }
static inline FriBidiParType mapwire_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType mapwire_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType mapwire_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline int mapwire_fribidi_is_format_control(FriBidiCharType t) { return (FRIBIDI_IS_EXPLICIT_OR_BN(t) || FRIBIDI_IS_ISOLATE(t)) ? 1 : 0; }
static inline FriBidiChar mapwire_fribidi_char_fill(void) { return FRIBIDI_CHAR_FILL; }
#endif
