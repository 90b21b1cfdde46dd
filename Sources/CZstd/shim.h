// Debian's libzstd-dev: MCAP chunk compression (Sources/MapWireMCAP).
#include <zstd.h>
