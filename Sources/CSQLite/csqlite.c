#include "CSQLite.h"

sqlite3_destructor_type rover_sqlite_transient(void) { return SQLITE_TRANSIENT; }
