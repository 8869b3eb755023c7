// Cairo's public headers for Swift: image, PNG, SVG and PDF surfaces (Debian: libcairo2-dev),
// and pixman (shipped with Cairo) for its convolution filter (ForceSketch's blur).
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pixman.h>
