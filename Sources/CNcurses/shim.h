#ifndef TERMGRID_CNCURSES_SHIM_H
#define TERMGRID_CNCURSES_SHIM_H

/* SwiftPM drops pkg-config's defines, so the wide-character API (cchar_t,
   wget_wch, mvwadd_wch) has to be switched on here, before curses.h. */
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Globals trip Swift 6's concurrency checks and macros do not import: every one
   the library needs is wrapped in a prefixed static inline function. */

static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_err(void) { return ERR; }
static inline int cnc_ok(void) { return OK; }

static inline int cnc_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int cnc_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int cnc_getcurx(WINDOW *w) { return getcurx(w); }
static inline int cnc_getcury(WINDOW *w) { return getcury(w); }

/* Attributes. */
static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_blink(void) { return A_BLINK; }
static inline attr_t cnc_a_standout(void) { return A_STANDOUT; }
static inline attr_t cnc_a_italic(void) {
#ifdef A_ITALIC
  return A_ITALIC;
#else
  return A_NORMAL;
#endif
}
static inline attr_t cnc_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

/* Mouse masks. TermGrid decodes mouse reports itself (SGR 1006), so these are here for
   programs that use ncurses' own mouse handling through this module. */
static inline mmask_t cnc_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cnc_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cnc_button3_released(void) { return BUTTON3_RELEASED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
  return BUTTON5_PRESSED;
#else
  return 0;
#endif
}

/* From term.h, which is not included here: its macros name every capability (lines,
   columns, bell...). */
struct term;
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);
extern int setupterm(const char *, int, int *);

/* Whether terminfo has an entry for `type` (NULL: $TERM), asked without starting a
   screen: newterm leaks the screen it prepared when the type is unknown (ncurses 6.4).
   The terminal the question loads is freed again and the current one put back. */
static inline int cnc_terminfo_has_entry(const char *type, int fd) {
  struct term *previous = set_curterm(NULL);
  int status = 0;
  int result = setupterm(type, fd, &status);
  struct term *loaded = set_curterm(previous);
  if (loaded != NULL && loaded != previous) del_curterm(loaded);
  return result == OK;
}

/* Terminfo strings: tigetstr returns (char *)-1 for a name that is not a string
   capability, which Swift cannot compare against; this returns NULL for both cases. */
static inline const char *cnc_tigetstr(const char *name) {
  char *value = tigetstr(name);
  return (value == (char *)-1) ? NULL : value;
}

/* Writes one terminal cell at (y, x): text[0] is the character that takes the cell's
   columns, text[1] to text[count - 1] (at most CCHARW_MAX in all) go into the same cell.
   setcchar alone would stop at the first of those that takes columns of its own, but in an
   emoji sequence the code point after a zero width joiner belongs in the joiner's cell, as
   terminals draw it. ncurses writes every character of a cell and counts the cell's
   columns by the first, so the characters are copied into the cell after setcchar has set
   the first with the attributes and colour pair. */
static inline int cnc_put_cell(WINDOW *w, int y, int x, const wchar_t *text, int count, attr_t attrs, int pair) {
  cchar_t cell;
  wchar_t base[2] = { text[0], 0 };
  memset(&cell, 0, sizeof cell);
  if (setcchar(&cell, base, attrs, (short)(pair > 32767 ? 0 : pair), NULL) == ERR) return ERR;
  if (pair > 32767) {
    /* Extended colour pairs travel in the opts argument. */
    if (setcchar(&cell, base, attrs, 0, &pair) == ERR) return ERR;
  }
  for (int i = 1; i < count && i < CCHARW_MAX; i++) cell.chars[i] = text[i];
  return mvwadd_wch(w, y, x, &cell);
}

/* The columns the C library gives a character (what ncurses counts with): -1 for one it
   does not know or cannot print in the current locale. Declared here because glibc only
   declares it for _XOPEN_SOURCE, which SwiftPM drops. */
extern int wcwidth(wchar_t c);
static inline int cnc_wcwidth(wchar_t c) { return wcwidth(c); }

/* The most characters one cell holds. */
static inline int cnc_ccharw_max(void) { return CCHARW_MAX; }

#endif
