// libcurl's own entry points, defined here and forwarded to the library `rover_curl_load` opens, for
// FoundationNetworking (the URLSession engine), which calls them directly. With every one of them defined in the
// binary, nothing needs libcurl.so.4 when the process starts, and `scripts/install` removes it from the binary's
// list of libraries to load: a command that makes no request starts without libcurl's thirty libraries (about
// 5 ms of a 10 ms start-up; bench/README.md). Until libcurl is loaded, each answers as libcurl does when it fails.
//
// The names are in parentheses: curl.h may define some as type-checking macros.
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>

static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  CURLcode (*easy_pause)(CURL *, int);
  const char *(*easy_strerror)(CURLcode);
  void (*free)(void *);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_assign)(CURLM *, curl_socket_t, void *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  CURLU *(*url)(void);
  CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
  CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
  char *(*version)(void);
  curl_version_info_data *(*version_info)(CURLversion);
} real;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int ready = 0;

// dlsym on libcurl's own handle finds libcurl's definitions, never these.
static void find(void) {
  if (rover_curl_load() != 0) return;
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
#define FIND(field, name)                                                                                          \
  if ((*(void **)(&real.field) = dlsym(library, name)) == NULL) return;
  FIND(global_init, "curl_global_init");
  FIND(easy_init, "curl_easy_init");
  FIND(easy_cleanup, "curl_easy_cleanup");
  FIND(easy_setopt, "curl_easy_setopt");
  FIND(easy_getinfo, "curl_easy_getinfo");
  FIND(easy_pause, "curl_easy_pause");
  FIND(easy_strerror, "curl_easy_strerror");
  FIND(free, "curl_free");
  FIND(multi_init, "curl_multi_init");
  FIND(multi_cleanup, "curl_multi_cleanup");
  FIND(multi_setopt, "curl_multi_setopt");
  FIND(multi_add_handle, "curl_multi_add_handle");
  FIND(multi_remove_handle, "curl_multi_remove_handle");
  FIND(multi_assign, "curl_multi_assign");
  FIND(multi_info_read, "curl_multi_info_read");
  FIND(multi_socket_action, "curl_multi_socket_action");
  FIND(slist_append, "curl_slist_append");
  FIND(slist_free_all, "curl_slist_free_all");
  FIND(url, "curl_url");
  FIND(url_get, "curl_url_get");
  FIND(url_set, "curl_url_set");
  FIND(version, "curl_version");
  FIND(version_info, "curl_version_info");
#undef FIND
  ready = 1;
}

static int loaded(void) {
  pthread_once(&once, find);
  return ready;
}

CURLcode(curl_global_init)(long flags) { return loaded() ? real.global_init(flags) : CURLE_FAILED_INIT; }
CURL *(curl_easy_init)(void) { return loaded() ? real.easy_init() : NULL; }
void(curl_easy_cleanup)(CURL *handle) {
  if (loaded()) real.easy_cleanup(handle);
}

// Every option and answer libcurl takes through `...` is one word (a long, a pointer, a curl_off_t or a function
// pointer), passed alike on x86-64 and AArch64: it is forwarded as one.
CURLcode(curl_easy_setopt)(CURL *handle, CURLoption option, ...) {
  if (!loaded()) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, option);
  void *value = va_arg(arguments, void *);
  va_end(arguments);
  return real.easy_setopt(handle, option, value);
}

CURLcode(curl_easy_getinfo)(CURL *handle, CURLINFO info, ...) {
  if (!loaded()) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, info);
  void *value = va_arg(arguments, void *);
  va_end(arguments);
  return real.easy_getinfo(handle, info, value);
}

CURLMcode(curl_multi_setopt)(CURLM *multi, CURLMoption option, ...) {
  if (!loaded()) return CURLM_INTERNAL_ERROR;
  va_list arguments;
  va_start(arguments, option);
  void *value = va_arg(arguments, void *);
  va_end(arguments);
  return real.multi_setopt(multi, option, value);
}

CURLcode(curl_easy_pause)(CURL *handle, int mask) { return loaded() ? real.easy_pause(handle, mask) : CURLE_FAILED_INIT; }
const char *(curl_easy_strerror)(CURLcode code) { return loaded() ? real.easy_strerror(code) : "libcurl not loaded"; }
void(curl_free)(void *pointer) {
  if (loaded()) real.free(pointer);
}
CURLM *(curl_multi_init)(void) { return loaded() ? real.multi_init() : NULL; }
CURLMcode(curl_multi_cleanup)(CURLM *multi) { return loaded() ? real.multi_cleanup(multi) : CURLM_INTERNAL_ERROR; }
CURLMcode(curl_multi_add_handle)(CURLM *multi, CURL *handle) {
  return loaded() ? real.multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode(curl_multi_remove_handle)(CURLM *multi, CURL *handle) {
  return loaded() ? real.multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}
CURLMcode(curl_multi_assign)(CURLM *multi, curl_socket_t socket, void *pointer) {
  return loaded() ? real.multi_assign(multi, socket, pointer) : CURLM_INTERNAL_ERROR;
}
CURLMsg *(curl_multi_info_read)(CURLM *multi, int *left) { return loaded() ? real.multi_info_read(multi, left) : NULL; }
CURLMcode(curl_multi_socket_action)(CURLM *multi, curl_socket_t socket, int mask, int *running) {
  return loaded() ? real.multi_socket_action(multi, socket, mask, running) : CURLM_INTERNAL_ERROR;
}
struct curl_slist *(curl_slist_append)(struct curl_slist *list, const char *text) {
  return loaded() ? real.slist_append(list, text) : NULL;
}
void(curl_slist_free_all)(struct curl_slist *list) {
  if (loaded()) real.slist_free_all(list);
}
CURLU *(curl_url)(void) { return loaded() ? real.url() : NULL; }
CURLUcode(curl_url_get)(CURLU *url, CURLUPart part, char **out, unsigned int flags) {
  return loaded() ? real.url_get(url, part, out, flags) : CURLUE_OUT_OF_MEMORY;
}
CURLUcode(curl_url_set)(CURLU *url, CURLUPart part, const char *text, unsigned int flags) {
  return loaded() ? real.url_set(url, part, text, flags) : CURLUE_OUT_OF_MEMORY;
}
char *(curl_version)(void) { return loaded() ? real.version() : (char *)"libcurl not loaded"; }
curl_version_info_data *(curl_version_info)(CURLversion stamp) { return loaded() ? real.version_info(stamp) : NULL; }
