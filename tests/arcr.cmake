# Adaptive R-cyclic reduction (src/arcr): host reference and SPIKE's ARCR reduced
# solver vs LAPACK (check_arcr), the GPU kernel (check_gpu_arcr, skipped without a
# device). The thesis types come from gtsv_testmat when it is built (tmglib).
gtsv_add_check_test(check_arcr check_arcr.c)
set_tests_properties(check_arcr PROPERTIES TIMEOUT 900
  ENVIRONMENT "CK_FORK=no;OMP_WAIT_POLICY=passive")
if(TARGET gtsv_testmat_static)
  target_link_libraries(check_arcr PRIVATE gtsv_testmat_static)
  target_compile_definitions(check_arcr PRIVATE GTSV_HAVE_TESTMAT)
endif()
gtsv_add_gpu_test(check_gpu_arcr check_gpu_arcr.c)
if(TARGET check_gpu_arcr)
  set_tests_properties(check_gpu_arcr PROPERTIES TIMEOUT 900)
  if(TARGET gtsv_testmat_static)
    target_link_libraries(check_gpu_arcr PRIVATE gtsv_testmat_static)
    target_compile_definitions(check_gpu_arcr PRIVATE GTSV_HAVE_TESTMAT)
  endif()
endif()
