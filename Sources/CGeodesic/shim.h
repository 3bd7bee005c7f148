/* GeographicLib's C port (Karney's geodesic algorithms), shipped with PROJ. */
#include <geodesic.h>
