#ifndef ROVER_CCURL_FUNCTIONS_H
#define ROVER_CCURL_FUNCTIONS_H

// libcurl's functions as `rover_curl_load` finds them in libcurl.so.4: set once (under its `pthread_once`), only
// read after it. Shared by the shim (ccurl.c) and the forwarders of libcurl's own names (forwarding.c); not part of
// the module's interface.
#include <curl/curl.h>

struct rover_curl_functions {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  void (*easy_reset)(CURL *);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  CURLcode (*easy_pause)(CURL *, int);
  const char *(*easy_strerror)(CURLcode);
  void (*free)(void *);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
  CURLMcode (*multi_wakeup)(CURLM *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURLMcode (*multi_assign)(CURLM *, curl_socket_t, void *);
  CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *);
  CURLU *(*url)(void);
  CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
  CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
  char *(*version)(void);
  curl_version_info_data *(*version_info)(CURLversion);
};

extern struct rover_curl_functions rover_curl;

#endif
