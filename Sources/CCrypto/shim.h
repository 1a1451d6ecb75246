/* OpenSSL's libcrypto (libssl-dev): the host hashes feature files with its SHA-256. */
#include <openssl/evp.h>
