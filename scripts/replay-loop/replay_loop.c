// The C reference of StrokeLab's seed replay loop (issue 25): the same work per stroke as
// `strokelab bench --pipeline linear|midpoint-bezier|coalesced-only` does, written plainly
// in C, so the ratio "StrokeLab instructions per fed sample ÷ C instructions per fed sample"
// can be measured again (scripts/replay-loop/README.md). Ours; no peer code.
//
// Per stroke, as PipelineReplayer with a curve builder alone: frames reserved for every
// event and path elements for every sample; per event, the input view's samples (main: the
// event's last sample; coalesced: every sample) are attributed (every channel copied, speed 0,
// heading (1, 0)) and fed to the curve builder (the first sample begins the stroke, the
// terminal event's samples end it, the rest move it), which appends committed elements
// (move, line, quadratic, cubic: a tag and three points); then the frame is recorded
// (event index, phase, time, newest sample time, committed count, empty provisional and
// predicted ranges, the tip = the last element's end). At the end the stroke's record
// (elements, frames, samples fed) is handed back, then freed, as a replay is.
//
//   replay_loop EVENTS_FILE PRESET PASSES
//
// EVENTS_FILE is written by scripts/replay-loop/events (a native trace's events as text);
// PRESET is linear, midpoint-bezier or coalesced-only (their published tails, as the
// presets); PASSES replays of every stroke. Prints the samples fed per pass and a checksum.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double t, x, y, force, max_force, altitude, azimuth, radius; int kind; } Touch;
typedef struct { double t, x, y, force, max_force, altitude, azimuth, radius, speed, hx, hy; int kind; } Sample;
typedef struct { int phase; double time; int first, count; } Event;
typedef struct { int tag; double x, y, c1x, c1y, c2x, c2y; } Element;  // 0 move, 1 line, 2 quad, 3 cubic
typedef struct {
  long event; int phase; double time, newest; long committed;
  long provisional_lo, provisional_hi, predicted_lo, predicted_hi, ink_lo, ink_hi;
  int has_tip; double tip_x, tip_y;
} Frame;
typedef struct { Event* events; long n_events; Touch* touches; long n_touches; } Stroke;  // n_touches: counted once, at load
typedef struct { Element* elements; long n_elements; Frame* frames; long n_frames; long fed; } Record;

enum { LINEAR, MIDPOINT, COALESCED };

static void* xmalloc(size_t n) {
  void* p = malloc(n ? n : 1);
  if (!p) { fprintf(stderr, "replay_loop: out of memory\n"); exit(2); }
  return p;
}

static inline Sample attribute(const Touch* s) {
  Sample a = {s->t, s->x, s->y, s->force, s->max_force, s->altitude, s->azimuth, s->radius, 0, 1, 0, s->kind};
  return a;
}

static inline void add(Record* r, int tag, double x, double y, double c1x, double c1y, double c2x, double c2y) {
  Element e = {tag, x, y, c1x, c1y, c2x, c2y};
  r->elements[r->n_elements++] = e;
}

// Straight segments (linear, coalesced-only): a move at the first sample, a line to each
// sample that moved; linear also draws the terminal event's samples.
typedef struct { double last_x, last_y; } Straight;
// The midpoint Bézier (SmoothedBIView): up to three pending samples, then a cubic to the
// midpoint of the second and fourth; published tail: the pending samples are dropped.
typedef struct { Sample p0, p1, p2, p3; int count; } Midpoint;

static inline double end_x(const Record* r) { return r->elements[r->n_elements - 1].x; }
static inline double end_y(const Record* r) { return r->elements[r->n_elements - 1].y; }

static Record replay(const Stroke* s, int preset) {
  Record r;
  r.elements = xmalloc(sizeof(Element) * (size_t)(s->n_touches + 4));
  r.frames = xmalloc(sizeof(Frame) * (size_t)s->n_events);
  r.n_elements = r.n_frames = r.fed = 0;
  Straight st = {0, 0};
  Midpoint mp;
  memset(&mp, 0, sizeof mp);
  int started = 0, main_view = preset != COALESCED;
  double newest = s->n_events ? s->touches[s->events[0].first].t : 0;
  for (long e = 0; e < s->n_events; e++) {
    const Event* ev = &s->events[e];
    int terminal = ev->phase >= 2 || e == s->n_events - 1;
    for (int i = main_view ? ev->count - 1 : 0; i < ev->count; i++) {
      Sample a = attribute(&s->touches[ev->first + i]);
      r.fed++;
      newest = a.t;
      if (!started) {
        if (preset == MIDPOINT) { mp.p0 = a; mp.count = 0; }
        else { st.last_x = a.x; st.last_y = a.y; add(&r, 0, a.x, a.y, 0, 0, 0, 0); }
        started = 1;
      } else if (preset != MIDPOINT) {
        if (terminal && preset == COALESCED) continue;        // coalesced-only draws no lift-off sample
        if (a.x == st.last_x && a.y == st.last_y) continue;
        st.last_x = a.x; st.last_y = a.y;
        add(&r, 1, a.x, a.y, 0, 0, 0, 0);
      } else if (!terminal) {                                   // published tail: end() adds nothing
        switch (mp.count) {
          case 0: mp.p1.x = a.x; mp.p1.y = a.y; mp.count = 1; break;
          case 1: mp.p2.x = a.x; mp.p2.y = a.y; mp.count = 2; break;
          case 2: mp.p3.x = a.x; mp.p3.y = a.y; mp.count = 3; break;
          default: {
            double mx = (mp.p2.x + a.x) / 2, my = (mp.p2.y + a.y) / 2;
            if (r.n_elements == 0 || end_x(&r) != mp.p0.x || end_y(&r) != mp.p0.y) add(&r, 0, mp.p0.x, mp.p0.y, 0, 0, 0, 0);
            add(&r, 3, mx, my, mp.p1.x, mp.p1.y, mp.p2.x, mp.p2.y);
            mp.p0.x = mx; mp.p0.y = my;
            mp.p1.x = a.x; mp.p1.y = a.y;
            mp.count = 1;
          }
        }
      }
    }
    if (terminal && started && preset == MIDPOINT) mp.count = 0;  // finish: the pending samples are dropped
    Frame f = {e, ev->phase, ev->time, newest, r.n_elements, 0, 0, 0, 0, 0, 0, r.n_elements > 0,
               r.n_elements ? end_x(&r) : 0, r.n_elements ? end_y(&r) : 0};
    r.frames[r.n_frames++] = f;
  }
  return r;
}

static void fail(const char* path, long line, const char* what) {
  fprintf(stderr, "replay_loop: %s:%ld: %s\n", path, line, what);
  exit(2);
}

// EVENTS_FILE: "strokes N", then per stroke "stroke E", then per event "event PHASE TIME K" and
// K lines "t x y force maxForce altitude azimuth radius kind" (phase 0 began, 1 moved,
// 2 ended, 3 cancelled; kind 0 stylus, 1 finger, 2 mouse).
static Stroke* read_strokes(const char* path, long* n_strokes) {
  FILE* f = fopen(path, "r");
  if (!f) { fprintf(stderr, "replay_loop: %s: cannot open\n", path); exit(2); }
  long line = 1;
  if (fscanf(f, " strokes %ld", n_strokes) != 1 || *n_strokes < 0 || *n_strokes > 10000000) fail(path, line, "expected 'strokes N'");
  Stroke* strokes = xmalloc(sizeof(Stroke) * (size_t)*n_strokes);
  for (long k = 0; k < *n_strokes; k++) {
    Stroke* s = &strokes[k];
    line++;
    if (fscanf(f, " stroke %ld", &s->n_events) != 1 || s->n_events < 0 || s->n_events > 100000000) fail(path, line, "expected 'stroke E'");
    s->events = xmalloc(sizeof(Event) * (size_t)s->n_events);
    long cap = 64;
    s->touches = xmalloc(sizeof(Touch) * (size_t)cap);
    s->n_touches = 0;
    for (long e = 0; e < s->n_events; e++) {
      Event* ev = &s->events[e];
      line++;
      if (fscanf(f, " event %d %lf %d", &ev->phase, &ev->time, &ev->count) != 3 || ev->count < 1 || ev->phase < 0 || ev->phase > 3)
        fail(path, line, "expected 'event PHASE TIME K' with K ≥ 1");
      ev->first = (int)s->n_touches;
      for (int i = 0; i < ev->count; i++) {
        if (s->n_touches == cap) { cap *= 2; s->touches = realloc(s->touches, sizeof(Touch) * (size_t)cap); if (!s->touches) fail(path, line, "out of memory"); }
        Touch* t = &s->touches[s->n_touches++];
        line++;
        if (fscanf(f, " %lf %lf %lf %lf %lf %lf %lf %lf %d", &t->t, &t->x, &t->y, &t->force, &t->max_force, &t->altitude,
                   &t->azimuth, &t->radius, &t->kind) != 9)
          fail(path, line, "expected 't x y force maxForce altitude azimuth radius kind'");
      }
    }
  }
  fclose(f);
  return strokes;
}

int main(int argc, char** argv) {
  if (argc != 4) { fprintf(stderr, "usage: replay_loop EVENTS_FILE linear|midpoint-bezier|coalesced-only PASSES\n"); return 2; }
  int preset = !strcmp(argv[2], "linear") ? LINEAR : !strcmp(argv[2], "midpoint-bezier") ? MIDPOINT
             : !strcmp(argv[2], "coalesced-only") ? COALESCED : -1;
  if (preset < 0) { fprintf(stderr, "replay_loop: unknown preset '%s'\n", argv[2]); return 2; }
  long passes = strtol(argv[3], NULL, 10);
  if (passes < 1 || passes > 100000000) { fprintf(stderr, "replay_loop: PASSES must be in 1…10^8\n"); return 2; }
  long n_strokes;
  Stroke* strokes = read_strokes(argv[1], &n_strokes);
  long fed = 0;
  unsigned long checksum = 0;
  for (long p = 0; p < passes; p++) {
    fed = 0;
    for (long k = 0; k < n_strokes; k++) {
      if (strokes[k].n_events == 0) continue;
      Record r = replay(&strokes[k], preset);
      fed += r.fed;
      checksum += (unsigned long)(r.n_elements + r.n_frames);
      free(r.elements);
      free(r.frames);
    }
  }
  printf("{\"preset\": \"%s\", \"samples_per_pass\": %ld, \"passes\": %ld, \"checksum\": %lu}\n", argv[2], fed, passes, checksum);
  return 0;
}
