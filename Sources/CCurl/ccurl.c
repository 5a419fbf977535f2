#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "functions.h"

struct rover_curl_functions rover_curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static const char *load_error = NULL;

#define FIND(field, name)                                                                                          \
  do {                                                                                                             \
    *(void **)(&rover_curl.field) = dlsym(library, name);                                                                \
    if (rover_curl.field == NULL) {                                                                                      \
      load_error = "libcurl.so.4 lacks " name;                                                                     \
      return;                                                                                                      \
    }                                                                                                              \
  } while (0)

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = dlerror();
    return;
  }
  FIND(global_init, "curl_global_init");
  FIND(easy_init, "curl_easy_init");
  FIND(easy_cleanup, "curl_easy_cleanup");
  FIND(easy_reset, "curl_easy_reset");
  FIND(easy_setopt, "curl_easy_setopt");
  FIND(easy_getinfo, "curl_easy_getinfo");
  FIND(easy_pause, "curl_easy_pause");
  FIND(easy_strerror, "curl_easy_strerror");
  FIND(slist_append, "curl_slist_append");
  FIND(slist_free_all, "curl_slist_free_all");
  FIND(multi_init, "curl_multi_init");
  FIND(multi_cleanup, "curl_multi_cleanup");
  FIND(multi_setopt, "curl_multi_setopt");
  FIND(multi_add_handle, "curl_multi_add_handle");
  FIND(multi_remove_handle, "curl_multi_remove_handle");
  FIND(multi_perform, "curl_multi_perform");
  FIND(multi_poll, "curl_multi_poll");
  FIND(multi_wakeup, "curl_multi_wakeup");
  FIND(multi_info_read, "curl_multi_info_read");
  FIND(free, "curl_free");
  FIND(multi_assign, "curl_multi_assign");
  FIND(multi_socket_action, "curl_multi_socket_action");
  FIND(url, "curl_url");
  FIND(url_get, "curl_url_get");
  FIND(url_set, "curl_url_set");
  FIND(version, "curl_version");
  FIND(version_info, "curl_version_info");
  if (rover_curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    load_error = "curl_global_init failed";
    return;
  }
  loaded = 0;
}

int rover_curl_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *rover_curl_load_error(void) { return load_error; }

CURLcode rover_curl_easy_set_long(CURL *handle, CURLoption option, long value) {
  return rover_curl.easy_setopt(handle, option, value);
}

CURLcode rover_curl_easy_set_string(CURL *handle, CURLoption option, const char *value) {
  return rover_curl.easy_setopt(handle, option, value);
}

CURLcode rover_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value) {
  return rover_curl.easy_setopt(handle, option, value);
}

CURLcode rover_curl_easy_set_callback(CURL *handle, CURLoption option, rover_curl_data_callback callback) {
  return rover_curl.easy_setopt(handle, option, callback);
}

CURLcode rover_curl_easy_response_code(CURL *handle, long *code) {
  return rover_curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

CURLcode rover_curl_easy_unpause(CURL *handle) { return rover_curl.easy_pause(handle, CURLPAUSE_CONT); }

char *rover_curl_builtin_ca_file(void) {
  CURL *handle = rover_curl.easy_init();
  if (handle == NULL) return NULL;
  const char *path = NULL;
  char *copy = NULL;
  // CURLINFO_CAINFO came with libcurl 7.84; an older one answers with an error and leaves `path` NULL.
  if (rover_curl.easy_getinfo(handle, CURLINFO_CAINFO, &path) == CURLE_OK && path != NULL && access(path, R_OK) == 0)
    copy = strdup(path);
  rover_curl.easy_cleanup(handle);
  return copy;
}

CURLMcode rover_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return rover_curl.multi_setopt(multi, option, value);
}

CURL *rover_curl_easy_init(void) { return rover_curl.easy_init(); }
void rover_curl_easy_cleanup(CURL *handle) { rover_curl.easy_cleanup(handle); }
void rover_curl_easy_reset(CURL *handle) { rover_curl.easy_reset(handle); }
const char *rover_curl_easy_strerror(CURLcode code) { return rover_curl.easy_strerror(code); }

struct curl_slist *rover_curl_slist_append(struct curl_slist *list, const char *text) {
  return rover_curl.slist_append(list, text);
}

void rover_curl_slist_free_all(struct curl_slist *list) {
  if (list != NULL) rover_curl.slist_free_all(list);
}

CURLM *rover_curl_multi_init(void) { return rover_curl.multi_init(); }
CURLMcode rover_curl_multi_cleanup(CURLM *multi) { return rover_curl.multi_cleanup(multi); }
CURLMcode rover_curl_multi_add_handle(CURLM *multi, CURL *handle) { return rover_curl.multi_add_handle(multi, handle); }

CURLMcode rover_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
  return rover_curl.multi_remove_handle(multi, handle);
}

CURLMcode rover_curl_multi_perform(CURLM *multi, int *running) { return rover_curl.multi_perform(multi, running); }

CURLMcode rover_curl_multi_poll(CURLM *multi, int timeout_ms) {
  return rover_curl.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

CURLMcode rover_curl_multi_wakeup(CURLM *multi) { return rover_curl.multi_wakeup(multi); }

int rover_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
  int left = 0;
  CURLMsg *message;
  while ((message = rover_curl.multi_info_read(multi, &left)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *handle = message->easy_handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
