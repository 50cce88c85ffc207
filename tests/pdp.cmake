# PDP (src/pdp): the host reference against LAPACK and DP_SEQ, and the GPU kernels.
gtsv_add_check_test(check_pdp check_pdp.c)
target_link_libraries(check_pdp PRIVATE gtsv_testmat_static)
set_tests_properties(check_pdp PROPERTIES TIMEOUT 900)
gtsv_add_gpu_test(check_gpu_pdp check_gpu_pdp.c)
if(TARGET check_gpu_pdp)
  target_link_libraries(check_gpu_pdp PRIVATE gtsv_testmat_static)
  set_tests_properties(check_gpu_pdp PROPERTIES TIMEOUT 900)
endif()
