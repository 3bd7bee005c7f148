/// Typed, non-variadic wrappers around libcurl's variadic setters and getters.
///
/// Swift cannot call C variadic functions, so every `curl_easy_setopt`,
/// `curl_easy_getinfo` and `curl_multi_setopt` call goes through one of these.
#ifndef FORAGE_CCURL_SHIM_H
#define FORAGE_CCURL_SHIM_H

#include <curl/curl.h>

/// Sets a `long`-valued easy option.
CURLcode forage_easy_setopt_long(CURL *handle, CURLoption option, long value);
/// Sets a pointer-valued easy option (strings, lists, userdata).
CURLcode forage_easy_setopt_ptr(CURL *handle, CURLoption option, const void *value);
/// Sets a `curl_off_t`-valued easy option.
CURLcode forage_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// Sets `CURLOPT_WRITEFUNCTION`.
CURLcode forage_easy_setopt_write_function(CURL *handle, curl_write_callback callback);
/// Sets `CURLOPT_HEADERFUNCTION`.
CURLcode forage_easy_setopt_header_function(CURL *handle, curl_write_callback callback);
/// Sets `CURLOPT_XFERINFOFUNCTION`.
CURLcode forage_easy_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback callback);
/// Sets `CURLOPT_OPENSOCKETFUNCTION`.
CURLcode forage_easy_setopt_opensocket_function(CURL *handle, curl_opensocket_callback callback);
/// Sets `CURLOPT_SOCKOPTFUNCTION`.
CURLcode forage_easy_setopt_sockopt_function(CURL *handle, curl_sockopt_callback callback);
/// Reads a `long`-valued info field.
CURLcode forage_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
/// Reads a `double`-valued info field.
CURLcode forage_easy_getinfo_double(CURL *handle, CURLINFO info, double *value);
/// Reads a `curl_off_t`-valued info field.
CURLcode forage_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
/// Reads a string-valued info field.
CURLcode forage_easy_getinfo_string(CURL *handle, CURLINFO info, char **value);
/// Reads a pointer-valued info field (for example `CURLINFO_PRIVATE`).
CURLcode forage_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value);
/// Sets a `long`-valued multi option.
CURLMcode forage_multi_setopt_long(CURLM *handle, CURLMoption option, long value);

#endif
