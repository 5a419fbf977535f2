#ifndef ROVER_CCURL_H
#define ROVER_CCURL_H

// libcurl for Swift: curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call, so these
// typed wrappers stand in for them.
#include <curl/curl.h>

typedef size_t (*rover_curl_data_callback)(char *data, size_t size, size_t count, void *context);

CURLcode rover_curl_easy_set_long(CURL *handle, CURLoption option, long value);
CURLcode rover_curl_easy_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode rover_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode rover_curl_easy_set_callback(CURL *handle, CURLoption option, rover_curl_data_callback callback);
CURLcode rover_curl_easy_response_code(CURL *handle, long *code);
CURLMcode rover_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

/// The easy handle and result of a finished transfer, or 0 when no message is waiting.
int rover_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);

#endif
