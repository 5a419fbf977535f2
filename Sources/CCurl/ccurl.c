#include "CCurl.h"

CURLcode rover_curl_easy_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode rover_curl_easy_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode rover_curl_easy_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode rover_curl_easy_set_callback(CURL *handle, CURLoption option, rover_curl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}

CURLcode rover_curl_easy_response_code(CURL *handle, long *code) {
  return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

CURLMcode rover_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

int rover_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
  int left = 0;
  CURLMsg *message;
  while ((message = curl_multi_info_read(multi, &left)) != NULL) {
    if (message->msg == CURLMSG_DONE) {
      *handle = message->easy_handle;
      *result = message->data.result;
      return 1;
    }
  }
  return 0;
}
