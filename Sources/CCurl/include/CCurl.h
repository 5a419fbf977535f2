#ifndef ROVER_CCURL_H
#define ROVER_CCURL_H

// libcurl for Swift, loaded on first use: `rover --version`, `sol-date`, `gallery` and every answer from the cache
// start without libcurl's thirty shared libraries (about 3 ms a process). The header gives types and constants
// only; every call goes through a pointer that `rover_curl_load` finds in libcurl.so.4. The setopt and getinfo
// wrappers also stand in for variadic functions, which Swift cannot call.
#include <curl/curl.h>

typedef size_t (*rover_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// What a write callback returns to pause its transfer; the bytes it was offered come again once it is resumed.
static const size_t rover_curl_write_pause = CURL_WRITEFUNC_PAUSE;

/// Loads libcurl and initialises it, once; 0 when it is usable, otherwise -1 with `rover_curl_load_error` set.
int rover_curl_load(void);
/// Why loading failed (the dynamic loader's words), or NULL.
const char *rover_curl_load_error(void);

CURLcode rover_curl_easy_set_long(CURL *handle, CURLoption option, long value);
CURLcode rover_curl_easy_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode rover_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode rover_curl_easy_set_callback(CURL *handle, CURLoption option, rover_curl_data_callback callback);
CURLcode rover_curl_easy_response_code(CURL *handle, long *code);
/// Resumes a transfer its write callback paused; libcurl may deliver the held bytes from inside this call.
CURLcode rover_curl_easy_unpause(CURL *handle);
/// The CA file libcurl was built to trust (CURLINFO_CAINFO) when it names a readable file, as a copy the caller
/// frees; NULL when libcurl names none (it then relies on a CA directory) or is older than 7.84.
char *rover_curl_builtin_ca_file(void);
CURLMcode rover_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

CURL *rover_curl_easy_init(void);
void rover_curl_easy_cleanup(CURL *handle);
/// Every option back to its default, the handle kept for another transfer (its buffers stay allocated).
void rover_curl_easy_reset(CURL *handle);
const char *rover_curl_easy_strerror(CURLcode code);
struct curl_slist *rover_curl_slist_append(struct curl_slist *list, const char *text);
void rover_curl_slist_free_all(struct curl_slist *list);

CURLM *rover_curl_multi_init(void);
CURLMcode rover_curl_multi_cleanup(CURLM *multi);
CURLMcode rover_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode rover_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode rover_curl_multi_perform(CURLM *multi, int *running);
CURLMcode rover_curl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode rover_curl_multi_wakeup(CURLM *multi);

/// The easy handle and result of a finished transfer, or 0 when no message is waiting.
int rover_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);

#endif
