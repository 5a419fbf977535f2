#ifndef ROVER_CSQLITE_H
#define ROVER_CSQLITE_H

// SQLite for Swift: SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift cannot import.
#include <sqlite3.h>

/// Tells sqlite3_bind_text to copy the text, so a Swift string's temporary buffer may go away after the call.
sqlite3_destructor_type rover_sqlite_transient(void);

#endif
