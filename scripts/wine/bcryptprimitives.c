/* Test harness only, never shipped: Debian's Wine 8 has no
 * bcryptprimitives.dll, whose ProcessPrng Rust's standard library (1.78 and
 * later) calls for random bytes; Windows 10 and later have it. This stand-in
 * answers from RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 * scripts/windows-under-wine builds it with mingw into its Wine prefix. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
