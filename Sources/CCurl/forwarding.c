// libcurl's own entry points, defined here and forwarded to the library `rover_curl_load` opens, for
// FoundationNetworking (the URLSession engine), which calls them directly. With every one of them defined in the
// binary, nothing needs libcurl.so.4 when the process starts, and `scripts/install` removes it from the binary's
// list of libraries to load: a command that makes no request starts without libcurl's thirty libraries (about
// 5 ms of a 10 ms start-up; bench/README.md). Until libcurl is loaded, each answers as libcurl does when it fails.
//
// The names are in parentheses: curl.h may define some as type-checking macros.
#include "CCurl.h"

#include <stdarg.h>

#include "functions.h"

static int loaded(void) { return rover_curl_load() == 0; }

CURLcode(curl_global_init)(long flags) { return loaded() ? rover_curl.global_init(flags) : CURLE_FAILED_INIT; }
CURL *(curl_easy_init)(void) { return loaded() ? rover_curl.easy_init() : NULL; }
void(curl_easy_cleanup)(CURL *handle) {
  if (loaded()) rover_curl.easy_cleanup(handle);
}

// Every option and answer libcurl takes through `...` is one word (a long, a pointer, a curl_off_t or a function
// pointer), passed alike on x86-64 and AArch64: it is forwarded as one.
CURLcode(curl_easy_setopt)(CURL *handle, CURLoption option, ...) {
  if (!loaded()) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, option);
  void *value = va_arg(arguments, void *);
  va_end(arguments);
  return rover_curl.easy_setopt(handle, option, value);
}

CURLcode(curl_easy_getinfo)(CURL *handle, CURLINFO info, ...) {
  if (!loaded()) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, info);
  void *value = va_arg(arguments, void *);
  va_end(arguments);
  return rover_curl.easy_getinfo(handle, info, value);
}

CURLMcode(curl_multi_setopt)(CURLM *multi, CURLMoption option, ...) {
  if (!loaded()) return CURLM_INTERNAL_ERROR;
  va_list arguments;
  va_start(arguments, option);
  void *value = va_arg(arguments, void *);
  va_end(arguments);
  return rover_curl.multi_setopt(multi, option, value);
}

CURLcode(curl_easy_pause)(CURL *handle, int mask) { return loaded() ? rover_curl.easy_pause(handle, mask) : CURLE_FAILED_INIT; }
const char *(curl_easy_strerror)(CURLcode code) { return loaded() ? rover_curl.easy_strerror(code) : "libcurl not loaded"; }
void(curl_free)(void *pointer) {
  if (loaded()) rover_curl.free(pointer);
}
CURLM *(curl_multi_init)(void) { return loaded() ? rover_curl.multi_init() : NULL; }
CURLMcode(curl_multi_cleanup)(CURLM *multi) { return loaded() ? rover_curl.multi_cleanup(multi) : CURLM_INTERNAL_ERROR; }
CURLMcode(curl_multi_add_handle)(CURLM *multi, CURL *handle) {
  return loaded() ? rover_curl.multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode(curl_multi_remove_handle)(CURLM *multi, CURL *handle) {
  return loaded() ? rover_curl.multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode(curl_multi_assign)(CURLM *multi, curl_socket_t socket, void *pointer) {
  return loaded() ? rover_curl.multi_assign(multi, socket, pointer) : CURLM_INTERNAL_ERROR;
}
CURLMsg *(curl_multi_info_read)(CURLM *multi, int *left) { return loaded() ? rover_curl.multi_info_read(multi, left) : NULL; }
CURLMcode(curl_multi_socket_action)(CURLM *multi, curl_socket_t socket, int mask, int *running) {
  return loaded() ? rover_curl.multi_socket_action(multi, socket, mask, running) : CURLM_INTERNAL_ERROR;
}
struct curl_slist *(curl_slist_append)(struct curl_slist *list, const char *text) {
  return loaded() ? rover_curl.slist_append(list, text) : NULL;
}
void(curl_slist_free_all)(struct curl_slist *list) {
  if (loaded()) rover_curl.slist_free_all(list);
}
CURLU *(curl_url)(void) { return loaded() ? rover_curl.url() : NULL; }
CURLUcode(curl_url_get)(CURLU *url, CURLUPart part, char **out, unsigned int flags) {
  return loaded() ? rover_curl.url_get(url, part, out, flags) : CURLUE_OUT_OF_MEMORY;
}
CURLUcode(curl_url_set)(CURLU *url, CURLUPart part, const char *text, unsigned int flags) {
  return loaded() ? rover_curl.url_set(url, part, text, flags) : CURLUE_OUT_OF_MEMORY;
}
char *(curl_version)(void) { return loaded() ? rover_curl.version() : (char *)"libcurl not loaded"; }
curl_version_info_data *(curl_version_info)(CURLversion stamp) { return loaded() ? rover_curl.version_info(stamp) : NULL; }
